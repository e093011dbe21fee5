import { Type } from 'typebox';
import type { App } from '@tender/platform';
import type { AgentsContext } from '../context.ts';
import { bodyOf, queryOf } from '../http/schemaInput.ts';
import { serviceRoute } from '../paywall/paywall.ts';
import {
  createMailbox,
  deleteMailbox,
  listMailboxes,
  mailboxCreatePrecheck,
  mailboxOwnedPrecheck,
  updateMailbox,
  updateMailboxPrecheck,
  type CreateMailboxInput,
  type ListInput,
  type UpdateMailboxInput,
} from './mailboxes.ts';
import {
  EMAIL_PATTERN,
  queryMessages,
  queryPrecheck,
  sendMessage,
  sendPrecheck,
  SEND_LIMITS,
  type QueryInput,
  type SendInput,
} from './messages.ts';

const uuid = (description: string) => Type.String({ format: 'uuid', description });
const page = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, description: 'Page size (default 50)' })),
  cursor: Type.Optional(Type.String({ maxLength: 200, description: 'nextCursor of the previous page' })),
};

const CreateMailboxBody = Type.Object(
  {
    localPart: Type.String({ minLength: 1, maxLength: 64, description: 'Address before @ (a-z 0-9 . _ -)' }),
    displayName: Type.String({ minLength: 1, maxLength: 100 }),
    outboundSignature: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);
const ListMailboxesQuery = Type.Object(page, { additionalProperties: false });
const UpdateMailboxBody = Type.Object(
  {
    mailboxId: uuid('Owned mailbox'),
    displayName: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    outboundSignature: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
  },
  { additionalProperties: false },
);
const DeleteMailboxBody = Type.Object({ mailboxId: uuid('Owned mailbox') }, { additionalProperties: false });
const SendMessageBody = Type.Object(
  {
    mailboxId: uuid('Owned mailbox to send from'),
    to: Type.Array(Type.String({ maxLength: 254, pattern: EMAIL_PATTERN, description: 'an email address' }), {
      minItems: 1,
      maxItems: SEND_LIMITS.recipients,
    }),
    subject: Type.String({ minLength: 1, maxLength: SEND_LIMITS.subject }),
    text: Type.String({ maxLength: SEND_LIMITS.text }),
  },
  { additionalProperties: false },
);
const QueryMessagesQuery = Type.Object(
  {
    messageId: Type.Optional(uuid('Fetch this one complete message (emailId)')),
    mailboxId: Type.Optional(uuid('Only messages of this owned mailbox')),
    ...page,
  },
  { additionalProperties: false },
);

/** Email routes: thin; every rule lives in the operations and the paywall. */
export function emailRoutes(app: App, ctx: AgentsContext): void {
  serviceRoute<CreateMailboxInput>(
    app,
    ctx,
    {
      serviceId: 'email.mailbox.create',
      input: bodyOf(CreateMailboxBody),
      precheck: mailboxCreatePrecheck,
      perform: createMailbox,
      writesOnly: true,
    },
    {
      body: CreateMailboxBody,
      description: `Reserved local parts (postmaster, abuse, …) are refused; an address belongs to one tenant forever.`,
    },
  );

  serviceRoute<ListInput>(
    app,
    ctx,
    { serviceId: 'email.mailbox.list', input: queryOf(ListMailboxesQuery), perform: listMailboxes },
    { querystring: ListMailboxesQuery },
  );

  serviceRoute<UpdateMailboxInput>(
    app,
    ctx,
    {
      serviceId: 'email.mailbox.update',
      input: bodyOf(UpdateMailboxBody),
      precheck: updateMailboxPrecheck,
      perform: updateMailbox,
    },
    {
      body: UpdateMailboxBody,
      description: 'Give displayName and/or outboundSignature (null removes the signature).',
    },
  );

  serviceRoute<{ mailboxId: string }>(
    app,
    ctx,
    {
      serviceId: 'email.mailbox.delete',
      input: bodyOf(DeleteMailboxBody),
      precheck: mailboxOwnedPrecheck,
      perform: deleteMailbox,
    },
    { body: DeleteMailboxBody },
  );

  serviceRoute<SendInput>(
    app,
    ctx,
    { serviceId: 'email.message.send', input: bodyOf(SendMessageBody), precheck: sendPrecheck, perform: sendMessage },
    {
      body: SendMessageBody,
      description:
        `At most ${SEND_LIMITS.recipients} recipients; subject one line up to ${SEND_LIMITS.subject} characters; text up to ` +
        `${SEND_LIMITS.text} characters. The mailbox's outbound signature is appended; DKIM-signed when configured.`,
    },
  );

  serviceRoute<QueryInput>(
    app,
    ctx,
    {
      serviceId: 'email.message.query',
      input: queryOf(QueryMessagesQuery),
      precheck: queryPrecheck,
      perform: queryMessages,
    },
    {
      querystring: QueryMessagesQuery,
    },
  );
}
