// A list call is both a promise of its first page and an async iterable over every item of every page:
//
//   const page = await tender.payments.list({ status: 'SETTLED' });     // one page
//   for await (const p of tender.payments.list({ status: 'SETTLED' })) // every payment, page by page
//
// Pages follow `next_cursor`, so an item created while iterating is never repeated and the walk always ends.

export interface Page<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

export class ListPromise<T> implements PromiseLike<Page<T>>, AsyncIterable<T> {
  private first: Promise<Page<T>> | undefined;
  constructor(private readonly fetchPage: (cursor: string | undefined) => Promise<Page<T>>) {}

  private firstPage(): Promise<Page<T>> {
    this.first ??= this.fetchPage(undefined);
    return this.first;
  }

  then<A = Page<T>, B = never>(
    onfulfilled?: ((value: Page<T>) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.firstPage().then(onfulfilled, onrejected);
  }

  catch<B = never>(onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<Page<T> | B> {
    return this.firstPage().catch(onrejected);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    let page = await this.firstPage();
    for (;;) {
      yield* page.data;
      if (!page.has_more || page.next_cursor === null) return;
      page = await this.fetchPage(page.next_cursor);
    }
  }

  /** Every item, collected (bounded by `max`, default 10,000, so a mistake cannot exhaust memory). */
  async toArray(max = 10_000): Promise<T[]> {
    const out: T[] = [];
    for await (const item of this) {
      if (out.length >= max) break;
      out.push(item);
    }
    return out;
  }
}
