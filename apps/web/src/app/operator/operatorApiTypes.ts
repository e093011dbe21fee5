// Generated from the gateway’s /admin/api routes (adminApiDocument) by apps/web/scripts/operatorApiTypes.ts. Do
// not edit: run `npx tsx apps/web/scripts/operatorApiTypes.ts` after changing a console route or its answer.
export type paths = {
    "/admin/api/agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The agent services’ tenants and service switches, when they run in this process */
        get: {
            parameters: {
                query?: {
                    /** @description default 100 */
                    limit?: number;
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
                            adminApiUrl: string | null;
                            available: boolean;
                            services: {
                                available: boolean;
                                serviceId: string;
                                turnedOffByOperator: boolean;
                                unavailableReason: string | null;
                            }[];
                            tenants: {
                                /** Format: date-time */
                                createdAt: string;
                                status: string;
                                suspendedReason: string | null;
                                tenantId: string;
                                walletAddress: string;
                            }[];
                        };
                    };
                };
                /** @description Validation failed (VALIDATION_FAILED with details) or another invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Not found (or not this merchant’s) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Conflicts with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Rate limited (RATE_LIMITED); Retry-After says when to retry */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description A needed service is not configured or not reachable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
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
    "/admin/api/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Operator actions, newest first */
        get: {
            parameters: {
                query?: {
                    /** @description default 100 */
                    limit?: number;
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
                            audit: {
                                action: string;
                                /** Format: date-time */
                                at: string;
                                details: {
                                    [key: string]: unknown;
                                };
                                id: string;
                                operator: string;
                                remoteIp: string | null;
                                target: string | null;
                            }[];
                        };
                    };
                };
                /** @description Validation failed (VALIDATION_FAILED with details) or another invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Not found (or not this merchant’s) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Conflicts with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Rate limited (RATE_LIMITED); Retry-After says when to retry */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description A needed service is not configured or not reachable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
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
    "/admin/api/jobs/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run a dead job again (a full set of attempts); 409 when the job is not dead */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
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
                            job: {
                                id: string;
                                /** @constant */
                                state: "queued";
                            };
                        };
                    };
                };
                /** @description Validation failed (VALIDATION_FAILED with details) or another invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Not found (or not this merchant’s) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Conflicts with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Rate limited (RATE_LIMITED); Retry-After says when to retry */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description A needed service is not configured or not reachable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
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
    "/admin/api/merchants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Search merchants by id, business name or a member’s email */
        get: {
            parameters: {
                query?: {
                    /** @description default 100 */
                    limit?: number;
                    q?: string;
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
                            merchants: {
                                businessName: string;
                                /** Format: date-time */
                                createdAt: string;
                                id: string;
                                isDev: boolean;
                                liveApiKeys: number;
                                ownerEmail: string | null;
                                payments: number;
                                /** @enum {string} */
                                status: "active" | "suspended";
                                suspendedAt: string | null;
                                suspendedReason: string | null;
                                users: number;
                            }[];
                        };
                    };
                };
                /** @description Validation failed (VALIDATION_FAILED with details) or another invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Not found (or not this merchant’s) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Conflicts with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Rate limited (RATE_LIMITED); Retry-After says when to retry */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description A needed service is not configured or not reachable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
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
    "/admin/api/merchants/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One merchant */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
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
                            merchant: {
                                businessName: string;
                                /** Format: date-time */
                                createdAt: string;
                                id: string;
                                isDev: boolean;
                                liveApiKeys: number;
                                members: {
                                    /** Format: date-time */
                                    createdAt: string;
                                    email: string | null;
                                    id: string;
                                    role: string;
                                }[];
                                ownerEmail: string | null;
                                payments: number;
                                paymentsByStatus: {
                                    count: number;
                                    environment: string;
                                    status: string;
                                }[];
                                /** @enum {string} */
                                status: "active" | "suspended";
                                suspendedAt: string | null;
                                suspendedReason: string | null;
                                users: number;
                            };
                        };
                    };
                };
                /** @description Validation failed (VALIDATION_FAILED with details) or another invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Not found (or not this merchant’s) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Conflicts with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Rate limited (RATE_LIMITED); Retry-After says when to retry */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description A needed service is not configured or not reachable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
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
    "/admin/api/merchants/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resume a suspended merchant */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
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
                            changed: boolean;
                            merchant: {
                                businessName: string;
                                /** Format: date-time */
                                createdAt: string;
                                id: string;
                                isDev: boolean;
                                liveApiKeys: number;
                                members: {
                                    /** Format: date-time */
                                    createdAt: string;
                                    email: string | null;
                                    id: string;
                                    role: string;
                                }[];
                                ownerEmail: string | null;
                                payments: number;
                                paymentsByStatus: {
                                    count: number;
                                    environment: string;
                                    status: string;
                                }[];
                                /** @enum {string} */
                                status: "active" | "suspended";
                                suspendedAt: string | null;
                                suspendedReason: string | null;
                                users: number;
                            };
                        };
                    };
                };
                /** @description Validation failed (VALIDATION_FAILED with details) or another invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Not found (or not this merchant’s) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Conflicts with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Rate limited (RATE_LIMITED); Retry-After says when to retry */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description A needed service is not configured or not reachable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
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
    "/admin/api/merchants/{id}/suspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Suspend a merchant
         * @description Its API keys and sessions answer 403 MERCHANT_SUSPENDED in every process at once; its link, checkout and invoice pages open no new payment; payments already paid still settle. Suspending a suspended merchant changes nothing (`changed: false`).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        reason: string;
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
                            changed: boolean;
                            merchant: {
                                businessName: string;
                                /** Format: date-time */
                                createdAt: string;
                                id: string;
                                isDev: boolean;
                                liveApiKeys: number;
                                members: {
                                    /** Format: date-time */
                                    createdAt: string;
                                    email: string | null;
                                    id: string;
                                    role: string;
                                }[];
                                ownerEmail: string | null;
                                payments: number;
                                paymentsByStatus: {
                                    count: number;
                                    environment: string;
                                    status: string;
                                }[];
                                /** @enum {string} */
                                status: "active" | "suspended";
                                suspendedAt: string | null;
                                suspendedReason: string | null;
                                users: number;
                            };
                        };
                    };
                };
                /** @description Validation failed (VALIDATION_FAILED with details) or another invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Not found (or not this merchant’s) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Conflicts with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Rate limited (RATE_LIMITED); Retry-After says when to retry */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description A needed service is not configured or not reachable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
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
    "/admin/api/networks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Networks: state, watcher lag behind the node, open incidents and the recently resolved */
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
                            networks: {
                                chainId: number;
                                confirmations: number;
                                /** @enum {string} */
                                environment: "live" | "test";
                                head: string | null;
                                headError: string | null;
                                incident: {
                                    agreedBlock: string;
                                    /** Format: date-time */
                                    detectedAt: string;
                                    finalTransfers: number;
                                    headBlock: string;
                                    id: string;
                                    kind: string;
                                    network: string;
                                    payments: number;
                                    recordedBlock: string;
                                    resolution: string | null;
                                    resolvedAt: string | null;
                                    resolvedBy: string | null;
                                    settlements: number;
                                    transfers: number;
                                } | null;
                                lagBlocks: number | null;
                                name: string;
                                network: string;
                                /** @enum {string} */
                                state: "operational" | "incident" | "unavailable";
                                unavailableReason: string | null;
                                watcher: {
                                    cursorBlock: string | null;
                                    leaseOwner: string | null;
                                    secondsSinceUpdate: number;
                                } | null;
                            }[];
                            recentlyResolved: {
                                agreedBlock: string;
                                /** Format: date-time */
                                detectedAt: string;
                                finalTransfers: number;
                                headBlock: string;
                                id: string;
                                kind: string;
                                network: string;
                                payments: number;
                                recordedBlock: string;
                                resolution: string | null;
                                resolvedAt: string | null;
                                resolvedBy: string | null;
                                settlements: number;
                                transfers: number;
                            }[];
                        };
                    };
                };
                /** @description Validation failed (VALIDATION_FAILED with details) or another invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Not found (or not this merchant’s) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Conflicts with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Rate limited (RATE_LIMITED); Retry-After says when to retry */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description A needed service is not configured or not reachable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
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
    "/admin/api/networks/{network}/incident": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A network’s open incident with the recorded facts the chain disagrees with */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    network: string;
                };
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
                            incident: {
                                agreedBlock: string;
                                /** Format: date-time */
                                detectedAt: string;
                                finalTransfers: number;
                                headBlock: string;
                                id: string;
                                kind: string;
                                network: string;
                                payments: number;
                                recordedBlock: string;
                                resolution: string | null;
                                resolvedAt: string | null;
                                resolvedBy: string | null;
                                settlements: number;
                                transfers: number;
                            };
                            nodeError: string | null;
                            sweeps: {
                                minedBlock: string;
                                paymentId: string;
                                settlementId: string;
                                txHash: string | null;
                            }[];
                            transfers: {
                                amount: string | null;
                                amountUnits: string;
                                blockNumber: string;
                                chainBlockHash: string | null;
                                final: boolean;
                                merchantId: string;
                                paymentId: string;
                                recordedBlockHash: string;
                                tokenSymbol: string | null;
                                txHash: string;
                            }[];
                        };
                    };
                };
                /** @description Validation failed (VALIDATION_FAILED with details) or another invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Not found (or not this merchant’s) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Conflicts with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Rate limited (RATE_LIMITED); Retry-After says when to retry */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description A needed service is not configured or not reachable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
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
    "/admin/api/networks/{network}/incident/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resolve a network’s incident: apply the chain, or keep the database
         * @description apply_chain: the chain is read again and applied (facts above the newest agreeing block rolled back, payments re-derived, blocks read again). keep_database: the recorded facts stand and are no longer compared with the chain; the watcher goes on from its height. 409 without an open incident; 503 when the node does not answer (nothing changed).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    network: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        resolution: "apply_chain" | "keep_database";
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
                            resolved: {
                                agreedBlock: string | null;
                                network: string;
                                paymentsRederived: number;
                                /** @enum {string} */
                                resolution: "applied_chain" | "kept_database";
                                settlementsVoided: number;
                                statusChanges: number;
                                transfersRolledBack: number;
                            };
                        };
                    };
                };
                /** @description Validation failed (VALIDATION_FAILED with details) or another invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Not found (or not this merchant’s) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Conflicts with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Rate limited (RATE_LIMITED); Retry-After says when to retry */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description A needed service is not configured or not reachable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
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
    "/admin/api/queues": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Job queues (depth, scheduled, running, dead) and the dead jobs, newest first */
        get: {
            parameters: {
                query?: {
                    /** @description default 100 */
                    limit?: number;
                    queue?: string;
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
                            deadJobs: {
                                attempts: number;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                finishedAt: string;
                                id: string;
                                lastError: string | null;
                                maxAttempts: number;
                                /** @description The job’s payload as it was enqueued */
                                payload: unknown;
                                queue: string;
                            }[];
                            queues: {
                                dead: number;
                                depth: number;
                                oldestDueAgeSeconds: number;
                                queue: string;
                                running: number;
                                scheduled: number;
                            }[];
                        };
                    };
                };
                /** @description Validation failed (VALIDATION_FAILED with details) or another invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Not found (or not this merchant’s) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Conflicts with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Rate limited (RATE_LIMITED); Retry-After says when to retry */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description A needed service is not configured or not reachable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
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
    "/admin/api/relayers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Relayers per network: balance, nonces and transactions in flight */
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
                            relayers: {
                                address: string;
                                chain: {
                                    /** @description In ether, decimal */
                                    balance: string;
                                    balanceWei: string;
                                    lowOnGas: boolean;
                                    nonceLatest: number;
                                    noncePending: number;
                                    sweepsAffordable: number;
                                } | null;
                                chainError: string | null;
                                network: string;
                                pendingTransactions: {
                                    nonce: string | null;
                                    paymentId: string;
                                    settlementId: string;
                                    submittedAt: string | null;
                                    txHash: string | null;
                                }[];
                                storedNextNonce: string | null;
                            }[];
                        };
                    };
                };
                /** @description Validation failed (VALIDATION_FAILED with details) or another invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Not found (or not this merchant’s) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Conflicts with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description Rate limited (RATE_LIMITED); Retry-After says when to retry */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
                            };
                        };
                    };
                };
                /** @description A needed service is not configured or not reachable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @description Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION */
                                code: string;
                                /** @description Every failing field, for VALIDATION_FAILED */
                                details?: {
                                    message: string;
                                    path: string;
                                }[];
                                message: string;
                                /** @description req_…; also in the Request-Id header */
                                request_id: string;
                                /** @description invalid_request_error, authentication_error, permission_error, … */
                                type: string;
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
