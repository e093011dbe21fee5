// Generated from the agents’ /owner/api routes (ownerApiDocument) by apps/web/scripts/ownerApiTypes.ts. Do not
// edit: run `npx tsx apps/web/scripts/ownerApiTypes.ts` after changing an owner route or its answer.
export type paths = {
    "/owner/api/access-token/replace": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue a replacement access token (shown once) and revoke every other one at once
         * @description From the commit on, the old token answers AUTH_REQUIRED over REST and every WebSocket opened through it is closed (code 4403) in every process.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                accessToken: string;
                                note: string;
                                revokedTokenIds: string[];
                                tokenId: string;
                                walletAddress: string;
                            };
                            guide: string;
                            requestId: string;
                        };
                    };
                };
                /** @description VALIDATION_FAILED */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "VALIDATION_FAILED";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
                /** @description OWNER_SESSION_REQUIRED */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "OWNER_SESSION_REQUIRED";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
                /** @description RATE_LIMITED */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
                /** @description INTERNAL_ERROR */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "INTERNAL_ERROR";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/owner/api/access-token/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke every access token of the wallet without issuing another */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                revokedTokenIds: string[];
                            };
                            guide: string;
                            requestId: string;
                        };
                    };
                };
                /** @description VALIDATION_FAILED */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "VALIDATION_FAILED";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
                /** @description OWNER_SESSION_REQUIRED */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "OWNER_SESSION_REQUIRED";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
                /** @description RATE_LIMITED */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
                /** @description INTERNAL_ERROR */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "INTERNAL_ERROR";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/owner/api/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's durable events with their status */
        get: {
            parameters: {
                query?: {
                    /** @description default 100 */
                    limit?: number;
                    mailboxId?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                events: {
                                    acknowledgedAt: string | null;
                                    /** Format: date-time */
                                    createdAt: string;
                                    deliveredAt: string | null;
                                    deliveryAttempts: number;
                                    eventId: string;
                                    resourceId: string | null;
                                    service: string | null;
                                    source: string;
                                    status: string;
                                    type: string;
                                }[];
                            };
                            guide: string;
                            requestId: string;
                        };
                    };
                };
                /** @description VALIDATION_FAILED */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "VALIDATION_FAILED";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
                /** @description OWNER_SESSION_REQUIRED */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "OWNER_SESSION_REQUIRED";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
                /** @description RATE_LIMITED */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
                /** @description INTERNAL_ERROR */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "INTERNAL_ERROR";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/owner/api/mailboxes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's mailboxes */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                mailboxes: {
                                    address: string;
                                    /** Format: date-time */
                                    createdAt: string;
                                    displayName: string;
                                    mailboxId: string;
                                    messages: number;
                                    status: "active" | "deleted";
                                }[];
                            };
                            guide: string;
                            requestId: string;
                        };
                    };
                };
                /** @description VALIDATION_FAILED */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "VALIDATION_FAILED";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
                /** @description OWNER_SESSION_REQUIRED */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "OWNER_SESSION_REQUIRED";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
                /** @description RATE_LIMITED */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
                /** @description INTERNAL_ERROR */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "INTERNAL_ERROR";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/owner/api/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's messages, newest first (headers only) */
        get: {
            parameters: {
                query?: {
                    /** @description default 100 */
                    limit?: number;
                    mailboxId?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                messages: {
                                    deliveryState: string | null;
                                    direction: "inbound" | "outbound";
                                    emailId: string;
                                    from: string;
                                    mailboxId: string;
                                    /** Format: date-time */
                                    receivedAt: string;
                                    subject: string;
                                    to: string[];
                                }[];
                            };
                            guide: string;
                            requestId: string;
                        };
                    };
                };
                /** @description VALIDATION_FAILED */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "VALIDATION_FAILED";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
                /** @description OWNER_SESSION_REQUIRED */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "OWNER_SESSION_REQUIRED";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
                /** @description RATE_LIMITED */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
                /** @description INTERNAL_ERROR */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "INTERNAL_ERROR";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/owner/api/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The wallet, its access tokens (never their values) and its status */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                accessTokens: {
                                    /** Format: date-time */
                                    createdAt: string;
                                    replacedBy: string | null;
                                    revokedAt: string | null;
                                    revokedBy: string | null;
                                    status: "active" | "revoked";
                                    tokenId: string;
                                }[];
                                suspended: boolean;
                                tenantSince: string | null;
                                walletAddress: string;
                            };
                            guide: string;
                            requestId: string;
                        };
                    };
                };
                /** @description VALIDATION_FAILED */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "VALIDATION_FAILED";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
                /** @description OWNER_SESSION_REQUIRED */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "OWNER_SESSION_REQUIRED";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
                /** @description RATE_LIMITED */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
                /** @description INTERNAL_ERROR */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "INTERNAL_ERROR";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/owner/api/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every x402 payment made by the wallet, with its settlement transaction */
        get: {
            parameters: {
                query?: {
                    /** @description default 100 */
                    limit?: number;
                    mailboxId?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                payments: {
                                    /** @description USDT, decimal */
                                    amount: string;
                                    /** @description Base units (6 decimals) */
                                    amountUnits: string;
                                    asset: string;
                                    /** Format: date-time */
                                    createdAt: string;
                                    /** @constant */
                                    currency: "USDT";
                                    network: string;
                                    paymentId: string;
                                    responseStatus: number | null;
                                    serviceId: string;
                                    settledAt: string | null;
                                    state: string;
                                    transaction: string | null;
                                }[];
                            };
                            guide: string;
                            requestId: string;
                        };
                    };
                };
                /** @description VALIDATION_FAILED */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "VALIDATION_FAILED";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
                /** @description OWNER_SESSION_REQUIRED */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "OWNER_SESSION_REQUIRED";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
                /** @description RATE_LIMITED */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
                /** @description INTERNAL_ERROR */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "INTERNAL_ERROR";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/owner/api/phone": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's numbers (expiry, allowance), calls (newest first) and their transcripts */
        get: {
            parameters: {
                query?: {
                    /** @description default 100 */
                    limit?: number;
                    mailboxId?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                available: boolean;
                                calls: {
                                    authorisedSeconds: number;
                                    callId: string;
                                    connectedAt: string | null;
                                    /** Format: date-time */
                                    createdAt: string;
                                    direction: "inbound" | "outbound";
                                    durationSeconds: number | null;
                                    endedAt: string | null;
                                    endReason: string | null;
                                    endsBy: string | null;
                                    fromNumber: string;
                                    hasTranscript: boolean;
                                    phoneNumberId: string;
                                    providerCallId: string | null;
                                    status: "initiated" | "connected" | "ended";
                                    toNumber: string;
                                }[];
                                numbers: {
                                    agentName: string;
                                    areaCode: string;
                                    beginMessage: string | null;
                                    country: "US" | "CA";
                                    /** Format: date-time */
                                    createdAt: string;
                                    entitlementDays: number;
                                    /** Format: date-time */
                                    expiresAt: string;
                                    inboundAllowanceSeconds: number;
                                    inboundSecondsPurchased: number;
                                    language: string | null;
                                    number: string;
                                    phoneNumberId: string;
                                    releasedAt: string | null;
                                    /** Format: date-time */
                                    renewalDeadline: string;
                                    status: "active" | "suspended" | "released";
                                }[];
                                transcripts: {
                                    callId: string;
                                    entries: {
                                        /** Format: date-time */
                                        at: string;
                                        seq: number;
                                        speaker: "caller" | "agent";
                                        text: string;
                                    }[];
                                }[];
                            };
                            guide: string;
                            requestId: string;
                        };
                    };
                };
                /** @description VALIDATION_FAILED */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "VALIDATION_FAILED";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
                /** @description OWNER_SESSION_REQUIRED */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "OWNER_SESSION_REQUIRED";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
                /** @description RATE_LIMITED */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
                /** @description INTERNAL_ERROR */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "INTERNAL_ERROR";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/owner/api/sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Verify a signed EIP-4361 message and open an owner session (os_v1_…, shown once) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The EIP-4361 message, as signed */
                        message: string;
                        /** @description personal_sign signature */
                        signature: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                session: {
                                    /** Format: date-time */
                                    expiresAt: string;
                                    token: string;
                                };
                                walletAddress: string;
                            };
                            guide: string;
                            requestId: string;
                        };
                    };
                };
                /** @description VALIDATION_FAILED */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "VALIDATION_FAILED";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
                /** @description SIGN_IN_REJECTED */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "SIGN_IN_REJECTED";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
                /** @description RATE_LIMITED */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
                /** @description INTERNAL_ERROR */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "INTERNAL_ERROR";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/owner/api/sign-in/nonce": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a wallet sign-in: a single-use nonce and the fields of the EIP-4361 message to sign
         * @description Build the message with these fields (viem: createSiweMessage({ address, ...data })), sign it with the owning wallet (personal_sign) and POST both to /owner/api/sign-in. The nonce is valid once, until expirationTime.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                chainId: number;
                                domain: string;
                                /** Format: date-time */
                                expirationTime: string;
                                /** Format: date-time */
                                issuedAt: string;
                                nonce: string;
                                statement: string;
                                uri: string;
                                /** @constant */
                                version: "1";
                            };
                            guide: string;
                            requestId: string;
                        };
                    };
                };
                /** @description VALIDATION_FAILED */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "VALIDATION_FAILED";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
                /** @description RATE_LIMITED */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
                /** @description INTERNAL_ERROR */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "INTERNAL_ERROR";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/owner/api/sign-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End this owner session */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @constant */
                                signedOut: true;
                            };
                            guide: string;
                            requestId: string;
                        };
                    };
                };
                /** @description VALIDATION_FAILED */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "VALIDATION_FAILED";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
                /** @description OWNER_SESSION_REQUIRED */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "OWNER_SESSION_REQUIRED";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
                /** @description RATE_LIMITED */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "RATE_LIMITED";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
                /** @description INTERNAL_ERROR */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Some codes add fields (startHere, paymentRequired, clients, reason) */
                            error: {
                                /** @enum {string} */
                                code: "INTERNAL_ERROR";
                                /** @description What went wrong and what to do */
                                message: string;
                                requestId: string;
                            } & {
                                [key: string]: unknown;
                            };
                            guides: {
                                /** @enum {string} */
                                llms: "/llms.txt";
                                /** @enum {string} */
                                openapi: "/openapi.json";
                                /** @enum {string} */
                                serviceCatalog: "/api/v1/services";
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type webhooks = Record<string, never>;
export type components = {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
};
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
