// Generated from the gateway’s /v1/openapi.json by packages/sdk/scripts/openApiTypes.ts. Do not edit:
// run `npx tsx packages/sdk/scripts/openApiTypes.ts` after changing a route schema.
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
    "/dev/mail/api/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Dev profile only: the mail the dev mail catcher kept, newest first */
        get: {
            parameters: {
                query?: {
                    /** @description 1 to 200 */
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                attachments: {
                                    content_type: string;
                                    filename: string;
                                    /** @description Bytes */
                                    size: number;
                                    /** @description Downloads the attachment */
                                    url: string;
                                }[];
                                /**
                                 * Format: date-time
                                 * @description When the catcher kept it
                                 */
                                date: string;
                                from: string;
                                headers?: {
                                    name: string;
                                    value: string;
                                }[];
                                html: string | null;
                                id: string;
                                /** @description The http(s) links of the HTML and the text, in order */
                                links: string[];
                                /** @enum {string} */
                                object: "dev_mail";
                                /** @description Which service sent it: gateway or agents */
                                source: string;
                                subject: string;
                                text: string;
                                to: string[];
                            }[];
                            /** @enum {string} */
                            object: "list";
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
            };
        };
        put?: never;
        post?: never;
        /** Dev profile only: forget every caught message */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deleted: number;
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
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dev/mail/api/messages/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Dev profile only: one caught message with its headers */
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
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            attachments: {
                                content_type: string;
                                filename: string;
                                /** @description Bytes */
                                size: number;
                                /** @description Downloads the attachment */
                                url: string;
                            }[];
                            /**
                             * Format: date-time
                             * @description When the catcher kept it
                             */
                            date: string;
                            from: string;
                            headers?: {
                                name: string;
                                value: string;
                            }[];
                            html: string | null;
                            id: string;
                            /** @description The http(s) links of the HTML and the text, in order */
                            links: string[];
                            /** @enum {string} */
                            object: "dev_mail";
                            /** @description Which service sent it: gateway or agents */
                            source: string;
                            subject: string;
                            text: string;
                            to: string[];
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
    "/dev/mail/api/messages/{id}/attachments/{index}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Dev profile only: download an attachment of a caught message */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    index: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The attachment */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": string;
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
    "/dev/mail/api/messages/{id}/raw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Dev profile only: the MIME source of a caught message */
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
                /** @description The message as the relay would have received it */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": string;
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
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "ok";
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
    "/public/auth/email/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm an email link
         * @description The web app calls this from its verify-email page with the `token` query value of the link. Single use: 400 EMAIL_TOKEN_INVALID for an unknown, used or replaced link, 400 EMAIL_TOKEN_EXPIRED after expiry, 409 EMAIL_IN_USE when another account verified the address first. No credentials needed.
         */
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
                        /** @description 20 to 200 characters */
                        token: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The account address, now verified */
                            email: string;
                            purpose: "verify" | "change";
                            /** @enum {string} */
                            status: "verified";
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
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/auth/idp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The identity provider the dashboard offers for sign-in
         * @description What a browser needs to send a person to this deployment’s OpenID Connect provider: `{enabled: false}` when the server has none (OIDC_ISSUER and OIDC_CLIENT_ID unset: the dashboard shows no button), else its `authorization_endpoint` from the provider’s `/.well-known/openid-configuration` (fetched once and kept), the `client_id` and the `name` to show. The dashboard sends the person there with `response_type=id_token`, `response_mode=fragment`, a random `state` and `nonce`, and `redirect_uri=<origin>/dashboard/sign-in/idp`, then posts the returned id_token with the nonce to `POST /v1/auth/idp`. 503 IDP_UNAVAILABLE while the discovery document cannot be fetched, or when it names no authorization_endpoint or does not offer `response_type=id_token`. No credentials needed.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            enabled: false;
                        } | {
                            /** @description Where the browser sends the person (http or https) */
                            authorization_endpoint: string;
                            /** @description This deployment’s client id at the provider */
                            client_id: string;
                            /** @enum {boolean} */
                            enabled: true;
                            /** @description The issuer, exactly as in its id_tokens */
                            issuer: string;
                            /** @description How to name the provider: “Sign in with <name>” */
                            name: string;
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
    "/public/auth/password/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password with a reset link
         * @description The web app calls this from its reset-password page with the `token` query value of the link. Sets the password and ends every session and device of the user (sign in again with the new password). Single use: 400 PASSWORD_RESET_TOKEN_INVALID for an unknown, used or replaced link (or one sent to an address the account no longer uses), 400 PASSWORD_RESET_TOKEN_EXPIRED after the hour. Rate limited per client IP. No credentials needed.
         */
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
                        /** @description 12 to 200 characters */
                        password: string;
                        /** @description 20 to 200 characters */
                        token: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The address of the account whose password changed */
                            email: string;
                            /** @description Sessions of the user that were signed out */
                            sessions_ended: number;
                            /** @enum {string} */
                            status: "password_reset";
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
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/invoices/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An invoice, as its public page shows it
         * @description No credentials. The invoice without the customer’s email, with the merchant’s business name and whether the merchant can take its payment now (accepting_payments).
         */
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
                /** @description Invoice, as its public page shows it */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description false: the merchant cannot take the payment yet (this deployment serves none of the networks of its payment); the page says so instead of offering Pay. Says nothing of paid or void: see status */
                            accepting_payments: boolean;
                            business_name: string;
                            checkout_url: string;
                            /** @enum {string} */
                            currency: "USDC" | "EURC";
                            customer_name: string;
                            due_date: string;
                            id: string;
                            line_items: {
                                /** @description quantity × unit_amount, exact */
                                amount: string;
                                amount_units: string;
                                description: string;
                                quantity: number;
                                unit_amount: string;
                                unit_amount_units: string;
                            }[];
                            /** @description false: a test-mode invoice (the page shows a Test mode badge) */
                            livemode: boolean;
                            memo: string | null;
                            number: string;
                            /** @enum {string} */
                            object: "invoice";
                            payment_intent_id: string;
                            pdf_url: string;
                            /** @enum {string} */
                            status: "open" | "paid" | "overdue" | "void";
                            support_email: string | null;
                            support_url: string | null;
                            total: string;
                            total_units: string;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
    "/public/invoices/{id}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An invoice as a PDF
         * @description No credentials. application/pdf, rendered from the same data as the public invoice.
         */
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
                /** @description The PDF document (application/pdf) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/pdf": string;
                    };
                };
                /** @description Validation failed (VALIDATION_FAILED with details) or another invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/pdf": {
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
                        "application/pdf": {
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
                        "application/pdf": {
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
    "/public/payment-intents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Public view of a payment intent (hosted checkout)
         * @description What the hosted checkout shows and polls for live status: amount, business name, expiry, methods, per network the deposit address and the only accepted token contract, the amount received and remaining, the confirmations of the latest transfer, and transfers of tokens the payment does not accept. No credentials; carries no customer email, metadata, vault or RPC secret. The page polls it every 2 s while the payment is open; rate-limited to 300 a minute per client. 403 MERCHANT_SUSPENDED for a payment not yet under way of a merchant the operator suspended.
         */
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
                /** @description What the hosted checkout shows; no merchant secrets */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Decimal string */
                            amount: string;
                            /** @description Decimal string: final official funds above the amount (OVERPAID); the merchant may refund it */
                            amount_excess: string;
                            /** @description Integer string, base units */
                            amount_excess_units: string;
                            /** @description Decimal string */
                            amount_received: string;
                            /** @description Integer string, base units */
                            amount_received_units: string;
                            /** @description Decimal string: refunds completed on chain back to the customer */
                            amount_refunded: string;
                            /** @description Integer string, base units */
                            amount_refunded_units: string;
                            /** @description Decimal string */
                            amount_remaining: string;
                            /** @description Integer string, base units */
                            amount_remaining_units: string;
                            /** @description Integer string, base units */
                            amount_units: string;
                            business_name: string;
                            cancel_url: string | null;
                            checkout_methods: ("WALLET" | "ADDRESS")[];
                            /** @enum {string} */
                            currency: "USDC" | "EURC";
                            decimals: number;
                            description: string | null;
                            /** Format: date-time */
                            expires_at: string;
                            /** @description Transfers of tokens this payment does not accept (INVALID_ASSET) */
                            foreign_transfers: {
                                /** @description Integer string, base units */
                                amount_units: string;
                                block_number: number;
                                /** @description Blocks on top of the transfer, its own included, as the watcher saw */
                                confirmations: number;
                                final: boolean;
                                /** @description Mined after expires_at */
                                late: boolean;
                                network: string;
                                /** @description false: a token this payment does not accept (INVALID_ASSET) */
                                official: boolean;
                                token_address: string;
                                tx_hash: string;
                            }[];
                            id: string;
                            latest_transfer: {
                                /** @description Integer string, base units */
                                amount_units: string;
                                block_number: number;
                                /** @description Blocks on top of the transfer, its own included, as the watcher saw */
                                confirmations: number;
                                final: boolean;
                                /** @description Mined after expires_at */
                                late: boolean;
                                network: string;
                                /** @description false: a token this payment does not accept (INVALID_ASSET) */
                                official: boolean;
                                token_address: string;
                                tx_hash: string;
                            } | null;
                            livemode: boolean;
                            networks: {
                                chain_id: number;
                                confirmations_required: number;
                                /** @description Unique to this payment (EIP-55) */
                                deposit_address: string;
                                explorer_url: string | null;
                                /** @description Display name of the network */
                                name: string;
                                network: string;
                                rpc_url: string | null;
                                /** @description The official token contract (EIP-55); any other token is not a payment */
                                token_address: string;
                                token_decimals: number;
                                /** @description USDC or EURC: the only token this payment accepts */
                                token_symbol: string;
                                wallet_checkout_supported: boolean;
                            }[];
                            /** @enum {string} */
                            object: "public_payment_intent";
                            order_reference: string | null;
                            /**
                             * Format: date-time
                             * @description For the countdown, against a skewed device clock
                             */
                            server_time: string;
                            /** @enum {string} */
                            status: "CREATED" | "AWAITING_PAYMENT" | "DETECTED" | "CONFIRMING" | "PAID" | "OVERPAID" | "SETTLEMENT_PENDING" | "SETTLED" | "EXPIRED" | "UNDERPAID" | "LATE_PAYMENT" | "INVALID_ASSET" | "SETTLEMENT_FAILED" | "REFUND_REQUESTED" | "PARTIALLY_REFUNDED" | "REFUNDED";
                            success_url: string | null;
                            support_email: string | null;
                            support_url: string | null;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
    "/public/payment-intents/{id}/embedding": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether a page may embed the hosted checkout (embedded checkout)
         * @description Asked by the hosted checkout when /checkout.js opened it: `origin` is the embedding page's origin, and `allowed` is true when it is one of the merchant's checkout_allowed_origins (PATCH /v1/settlement-settings) in the environment of the payment. Only then does the checkout post its paid and expired messages, to that origin only. An unknown intent answers allowed: false. No credentials.
         */
        get: {
            parameters: {
                query: {
                    origin: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            allowed: boolean;
                            /** @enum {string} */
                            object: "checkout_embedding";
                            origin: string;
                            payment_intent_id: string;
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
    "/public/payment-intents/{id}/open": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open a payment intent for payment
         * @description No credentials. Moves a CREATED intent (started from a payment link) to AWAITING_PAYMENT; its expiry clock starts now (expires_at = now + the link’s intent_expires_in_seconds). `network`, when given, must be one of the intent’s networks (400 otherwise). An intent already open answers 200 with its status and changes nothing. Unknown id: 404. A merchant the operator suspended: 403 MERCHANT_SUSPENDED.
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
                        network?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            /** @enum {string} */
                            status: "CREATED" | "AWAITING_PAYMENT" | "DETECTED" | "CONFIRMING" | "PAID" | "OVERPAID" | "SETTLEMENT_PENDING" | "SETTLED" | "EXPIRED" | "UNDERPAID" | "LATE_PAYMENT" | "INVALID_ASSET" | "SETTLEMENT_FAILED" | "REFUND_REQUESTED" | "PARTIALLY_REFUNDED" | "REFUNDED";
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
                /** @description Credentials valid but not allowed here */
                403: {
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
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/payment-links/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A payment link, as its public page shows it
         * @description No credentials. The link’s terms, the networks a payment started now would offer, and the merchant’s business name; an inactive link answers with `active: false` (the page says it no longer takes payments), a link whose merchant cannot take its payments yet with `accepting_payments: false` (the page says so).
         */
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
                /** @description Payment link, as the public link page shows it */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description false: the merchant cannot take payments through this link yet (a network it would offer has no vault or is not served here, or it would offer none); starting a payment answers 409 MERCHANT_NOT_READY. The page says so instead of offering Pay */
                            accepting_payments: boolean;
                            active: boolean;
                            amount: string;
                            amount_units: string;
                            business_name: string;
                            checkout_methods: string[];
                            /** @enum {string} */
                            currency: "USDC" | "EURC";
                            description: string | null;
                            id: string;
                            /** @description false: a test-mode link (the page shows a Test mode badge) */
                            livemode: boolean;
                            name: string;
                            /** @description The networks a payment started now would offer */
                            networks: string[];
                            /** @enum {string} */
                            object: "payment_link";
                            support_email: string | null;
                            support_url: string | null;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
    "/public/payment-links/{id}/intents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a payment from a payment link
         * @description No credentials. Creates a NEW payment intent from the link’s terms, in status CREATED (not yet open for payment: it opens, and its expiry clock starts, when the customer picks a network at checkout: POST /public/payment-intents/{id}/open). Every call is a new intent with its own deposit addresses. An inactive link answers 409 PAYMENT_LINK_INACTIVE; a merchant the operator suspended 403 MERCHANT_SUSPENDED.
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
                    "application/json": Record<string, never>;
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description {public URL}/checkout/{payment_intent_id} */
                            checkout_url: string;
                            /** @description pi_… */
                            payment_intent_id: string;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Operational state per network and job queue depth; no merchant data */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
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
    "/public/team/invitations/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an invitation
         * @description The web app calls this from its `/accept-invitation` page with the `token` of the mailed link. With `password` and no session: joins as a new account with the invited address (verified by the link), or, when an account already holds the address, as that account if the password is its own (else 409 INVITATION_ACCOUNT_EXISTS). Without `password`, with a session (`Authorization: Bearer sess_…`): joins the signed-in user, whose email must be the invited address (403 INVITATION_EMAIL_MISMATCH). Answers like sign-in, with a new session acting in the joined merchant. 400 INVITATION_TOKEN_INVALID, INVITATION_EXPIRED (after 7 days), INVITATION_USED, INVITATION_REVOKED; 409 ALREADY_MEMBER. Two accepts of one link join once. Rate limited per client IP.
         */
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
                        /** @description 12 to 200 characters; omit with a session */
                        password?: string;
                        /** @description 20 to 200 characters */
                        token: string;
                    };
                };
            };
            responses: {
                /** @description The account and a new session */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description True when this call created the account */
                            created: boolean;
                            /** @description queued: a verification link is on its way to the account email; unavailable: this server cannot send email (no link was sent); not_needed: nothing was sent by this call */
                            email_verification: "queued" | "not_needed" | "unavailable";
                            merchant: {
                                business_name: string;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC timestamp
                                 */
                                created_at: string;
                                /** @description acct_… */
                                id: string;
                                /** @enum {string} */
                                object: "merchant";
                                support_email: string | null;
                                support_url: string | null;
                            };
                            session: {
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC timestamp
                                 */
                                expires_at: string;
                                /** @description ses_… */
                                id: string;
                                /** @description The session ends when unused for this long */
                                idle_timeout_seconds: number;
                                /** @description Bearer session token (sess_…). Treat it like a password: it is shown only here and stored only as a hash. */
                                token: string;
                            };
                            user: {
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC timestamp
                                 */
                                created_at: string;
                                /** @description Null when the account has no email address */
                                email: string | null;
                                email_verified: boolean;
                                /** @description user_… */
                                id: string;
                                /** @enum {string} */
                                object: "user";
                                /** @enum {string} */
                                role: "owner" | "admin" | "developer" | "read_only";
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
                /** @description Credentials valid but not allowed here */
                403: {
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
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: the database is reachable (503 otherwise), and the roles this process runs */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
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
    "/v1/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Edit the business profile
         * @description The business name and the support contact that the hosted checkout, payment link and invoice pages show customers. Send only the fields to change; `null` or an empty string removes a support field. business_name: 2 to 120 characters; support_email: an email address (max 320); support_url: an http(s) web address (max 2000). Bad input answers 400 VALIDATION_FAILED with one detail per field and changes nothing. Owners and admins (profile:manage); audited as account.profile_updated. Session only.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description 2 to 120 characters */
                        business_name?: string;
                        support_email?: string | null;
                        support_url?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            business_name: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            created_at: string;
                            /** @description acct_… */
                            id: string;
                            /** @enum {string} */
                            object: "merchant";
                            support_email: string | null;
                            support_url: string | null;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
            };
        };
        trace?: never;
    };
    "/v1/account/onboarding": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The steps before taking real payments, and the networks this deployment serves
         * @description Each step is derived from the merchant’s data on every read: `vault` (a vault on a test network this deployment serves), `test_payment` (a test payment whose funds became final), `email` (the account email verified: the caller’s for a session, any user’s for an API key) and `live` (the email verified and a vault on a live network this deployment serves). `networks` lists both environments’ networks, served or not (with the reason), and whether the merchant has a vault on each. Both environments, whatever the credential’s.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Every step is done */
                            complete: boolean;
                            networks: {
                                live: {
                                    id: string;
                                    name: string;
                                    reason: string | null;
                                    /** @description This deployment serves the network: payments and vaults can use it */
                                    served: boolean;
                                    /** @description The merchant has a vault on it in this environment */
                                    vault: boolean;
                                }[];
                                test: {
                                    id: string;
                                    name: string;
                                    reason: string | null;
                                    /** @description This deployment serves the network: payments and vaults can use it */
                                    served: boolean;
                                    /** @description The merchant has a vault on it in this environment */
                                    vault: boolean;
                                }[];
                            };
                            /** @enum {string} */
                            object: "onboarding";
                            steps: {
                                blocked_reason: string | null;
                                done: boolean;
                                /** @enum {string} */
                                id: "vault" | "test_payment" | "email" | "live";
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
                /** @description Credentials valid but not allowed here */
                403: {
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
    "/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API keys
         * @description The merchant’s keys, newest first, revoked ones included; never a secret (prefix and last four only).
         */
        get: {
            parameters: {
                query?: {
                    /** @description Opaque: the next_cursor of the previous page */
                    cursor?: string;
                    /** @description test: testnets (sk_test_ keys); live: mainnets (sk_live_ keys) */
                    environment?: "test" | "live";
                    /** @description 1 to 100; default 20 */
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of API keys */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC timestamp
                                 */
                                created_at: string;
                                /**
                                 * @description test: testnets (sk_test_ keys); live: mainnets (sk_live_ keys)
                                 * @enum {string}
                                 */
                                environment: "test" | "live";
                                /** @description key_… */
                                id: string;
                                last_used_at: string | null;
                                /** @description Last four characters of the secret */
                                last4: string;
                                name: string;
                                /** @enum {string} */
                                object: "api_key";
                                /** @description sk_test_ or sk_live_ */
                                prefix: string;
                                revoked_at: string | null;
                                /**
                                 * @description admin: everything but account settings; developer: read and write, webhooks; read_only: reads only
                                 * @enum {string}
                                 */
                                role: "admin" | "developer" | "read_only";
                            }[];
                            has_more: boolean;
                            /** @description Pass as `cursor` to get the next (older) page; null on the last page */
                            next_cursor: string | null;
                            /** @enum {string} */
                            object: "list";
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
                /** @description Credentials valid but not allowed here */
                403: {
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
            };
        };
        put?: never;
        /**
         * Create an API key
         * @description Answers the secret once, in `secret`; afterwards only `prefix` and `last4` are shown (the secret is stored hashed). The environment is the prefix: sk_test_ keys use testnets, sk_live_ keys mainnets. Session only (403 SESSION_REQUIRED for API keys); needs keys:manage (owner, admin), and the key role must be within the caller’s own. A live key needs the caller’s email verified (403 EMAIL_NOT_VERIFIED).
         */
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
                        /**
                         * @description test: testnets (sk_test_ keys); live: mainnets (sk_live_ keys)
                         * @enum {string}
                         */
                        environment: "test" | "live";
                        /** @description 1 to 100 characters */
                        name: string;
                        /**
                         * @description Default developer
                         * @enum {string}
                         */
                        role?: "admin" | "developer" | "read_only";
                    };
                };
            };
            responses: {
                /** @description The new key, with its secret */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * @description test: testnets (sk_test_ keys); live: mainnets (sk_live_ keys)
                             * @enum {string}
                             */
                            environment: "test" | "live";
                            /** @description key_… */
                            id: string;
                            last_used_at: string | null;
                            /** @description Last four characters of the secret */
                            last4: string;
                            name: string;
                            /** @enum {string} */
                            object: "api_key";
                            /** @description sk_test_ or sk_live_ */
                            prefix: string;
                            revoked_at: string | null;
                            /**
                             * @description admin: everything but account settings; developer: read and write, webhooks; read_only: reads only
                             * @enum {string}
                             */
                            role: "admin" | "developer" | "read_only";
                            /** @description The API key. Shown only in this response; store it now. */
                            secret: string;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api-keys/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an API key
         * @description The key stops working at once (401 INVALID_API_KEY). Revoking a revoked key answers it unchanged. Needs keys:manage (owner, admin; an admin key may revoke keys, itself included).
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
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * @description test: testnets (sk_test_ keys); live: mainnets (sk_live_ keys)
                             * @enum {string}
                             */
                            environment: "test" | "live";
                            /** @description key_… */
                            id: string;
                            last_used_at: string | null;
                            /** @description Last four characters of the secret */
                            last4: string;
                            name: string;
                            /** @enum {string} */
                            object: "api_key";
                            /** @description sk_test_ or sk_live_ */
                            prefix: string;
                            revoked_at: string | null;
                            /**
                             * @description admin: everything but account settings; developer: read and write, webhooks; read_only: reads only
                             * @enum {string}
                             */
                            role: "admin" | "developer" | "read_only";
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
                /** @description Credentials valid but not allowed here */
                403: {
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
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/assets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Official assets accepted per network
         * @description Only the issuer’s native USDC (and EURC where the issuer publishes it) is accepted. Bridged variants (USDC.e, USDbC …) are listed under rejected_variants and are never official.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
    "/v1/audit-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Audit log
         * @description Newest first. Shows account-wide events and those of the caller’s environment (a test key does not see live-mode events). Needs audit:read (owner, admin, read_only).
         */
        get: {
            parameters: {
                query?: {
                    /** @description Opaque: the next_cursor of the previous page */
                    cursor?: string;
                    /** @description 1 to 100; default 20 */
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of audit events */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description account.signed_up, auth.login.succeeded, auth.login.failed, auth.logout, auth.reauthentication.failed, api_key.created, api_key.revoked, email.verification_requested, email.change_requested, email.verified, email.changed, and the money-moving actions of later endpoints */
                                action: string;
                                actor: {
                                    id: string | null;
                                    type: "user" | "api_key" | "system" | "anonymous";
                                };
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC timestamp
                                 */
                                created_at: string;
                                data: {
                                    [key: string]: unknown;
                                };
                                environment: ("test" | "live") | null;
                                /** @description aev_… */
                                id: string;
                                ip: string | null;
                                /** @enum {string} */
                                object: "audit_event";
                                target: {
                                    id: string;
                                    type: string;
                                } | null;
                            }[];
                            has_more: boolean;
                            /** @description Pass as `cursor` to get the next (older) page; null on the last page */
                            next_cursor: string | null;
                            /** @enum {string} */
                            object: "list";
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
                /** @description Credentials valid but not allowed here */
                403: {
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
    "/v1/auth/email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Email address and sign-in methods of the signed-in user
         * @description Whether the account has an email address, whether it is verified, how the user signs in, and whether this server can send email. Session only: API keys get 403 SESSION_REQUIRED.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description False when no SMTP relay is configured: verify and change then answer 503 EMAIL_UNAVAILABLE */
                            can_send_email: boolean;
                            email: string | null;
                            has_email: boolean;
                            pending_email: {
                                email: string;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC timestamp
                                 */
                                expires_at: string;
                            } | null;
                            sign_in_methods: ("password" | "identity_provider")[];
                            verified: boolean;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
    "/v1/auth/email/change": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add or replace the account email
         * @description Needs fresh sign-in in the same request: `reauth.password` (the current password) or `reauth.id_token` (of the linked identity, issued in the last 5 minutes); every proof given must hold, else 401 REAUTHENTICATION_FAILED (failures are rate limited per user). Queues a single-use link (valid 1 h) to the NEW address; the account address changes only when that link is opened. 503 EMAIL_UNAVAILABLE when the server cannot send email. Session only: API keys get 403 SESSION_REQUIRED.
         */
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
                        /**
                         * Format: email
                         * @description Email address (max 320)
                         */
                        email: string;
                        /** @description password or id_token (or both) */
                        reauth: {
                            id_token?: string;
                            password?: string;
                        };
                    };
                };
            };
            responses: {
                /** @description A single-use link is on its way */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Where the link goes */
                            email: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            expires_at: string;
                            /**
                             * @description The link is stored and its mail is queued for the SMTP relay (sent within seconds)
                             * @enum {string}
                             */
                            status: "queued";
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
                /** @description Credentials valid but not allowed here */
                403: {
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
    "/v1/auth/email/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a verification link to the account email
         * @description Queues a single-use link (valid 24 h) to the current, unverified address; a newer link replaces older ones. 409 NO_EMAIL or EMAIL_ALREADY_VERIFIED when there is nothing to verify; 503 EMAIL_UNAVAILABLE when the server cannot send email (nothing is sent). Limited to 5 emails per hour per account. Session only: API keys get 403 SESSION_REQUIRED.
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
                /** @description A single-use link is on its way */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Where the link goes */
                            email: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            expires_at: string;
                            /**
                             * @description The link is stored and its mail is queued for the SMTP relay (sent within seconds)
                             * @enum {string}
                             */
                            status: "queued";
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
                /** @description Credentials valid but not allowed here */
                403: {
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
    "/v1/auth/idp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in (or sign up) with the identity provider
         * @description Verifies the OpenID Connect id_token against the provider's published keys (JWKS) for this deployment's client id: signature, issuer, audience and expiry. Signs in the account linked to the token's subject, or creates a new merchant (`created: true`, named `business_name`, else the token's name) linked to it. An existing account is never entered because of a matching email: when the provider vouches for an address already verified on an account, the answer is 409 IDP_ACCOUNT_EXISTS. A browser that sent a `nonce` in its authorization request (the dashboard always does; `GET /public/auth/idp` gives the provider) sends the same `nonce` here: the token must carry exactly it in its `nonce` claim, or it is refused (401 INVALID_ID_TOKEN, saying the nonce differs or is missing), so a token issued for another sign-in cannot be replayed into this one. 401 INVALID_ID_TOKEN for a rejected token; 503 IDP_NOT_CONFIGURED when this server has no provider.
         */
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
                        /** @description For a new account; 1 to 120 characters */
                        business_name?: string;
                        /** @description OpenID Connect id_token (20 to 8000) */
                        id_token: string;
                        /** @description The nonce of the authorization request that produced the id_token (1 to 200); the token must carry it */
                        nonce?: string;
                    };
                };
            };
            responses: {
                /** @description The account and a new session */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description True when this call created the account */
                            created: boolean;
                            /** @description queued: a verification link is on its way to the account email; unavailable: this server cannot send email (no link was sent); not_needed: nothing was sent by this call */
                            email_verification: "queued" | "not_needed" | "unavailable";
                            merchant: {
                                business_name: string;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC timestamp
                                 */
                                created_at: string;
                                /** @description acct_… */
                                id: string;
                                /** @enum {string} */
                                object: "merchant";
                                support_email: string | null;
                                support_url: string | null;
                            };
                            session: {
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC timestamp
                                 */
                                expires_at: string;
                                /** @description ses_… */
                                id: string;
                                /** @description The session ends when unused for this long */
                                idle_timeout_seconds: number;
                                /** @description Bearer session token (sess_…). Treat it like a password: it is shown only here and stored only as a hash. */
                                token: string;
                            };
                            user: {
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC timestamp
                                 */
                                created_at: string;
                                /** @description Null when the account has no email address */
                                email: string | null;
                                email_verified: boolean;
                                /** @description user_… */
                                id: string;
                                /** @enum {string} */
                                object: "user";
                                /** @enum {string} */
                                role: "owner" | "admin" | "developer" | "read_only";
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
    "/v1/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with email and password
         * @description Answers a new session and a `device_token`. Every failure is the same 401 INVALID_CREDENTIALS whether or not the address is registered, and takes the same time. Rate limited per IP (every attempt) and per account (failures), 429 RATE_LIMITED with Retry-After. A client that sends the `device_token` of an earlier sign-in to the same account is not held by the per-account limit (strangers guessing cannot lock the owner out); its own failures are limited per device instead.
         */
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
                        /** @description The device_token of an earlier sign-in from this client (kept for 90 days from its last use) */
                        device_token?: string;
                        /**
                         * Format: email
                         * @description Email address (max 320)
                         */
                        email: string;
                        /** @description 1 to 200 characters */
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description True when this call created the account */
                            created: boolean;
                            /** @description Keep it on this client and send it with the next login: it proves this client signed in before. Shown only here; stored as a hash. */
                            device_token: string;
                            /** @description queued: a verification link is on its way to the account email; unavailable: this server cannot send email (no link was sent); not_needed: nothing was sent by this call */
                            email_verification: "queued" | "not_needed" | "unavailable";
                            merchant: {
                                business_name: string;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC timestamp
                                 */
                                created_at: string;
                                /** @description acct_… */
                                id: string;
                                /** @enum {string} */
                                object: "merchant";
                                support_email: string | null;
                                support_url: string | null;
                            };
                            session: {
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC timestamp
                                 */
                                expires_at: string;
                                /** @description ses_… */
                                id: string;
                                /** @description The session ends when unused for this long */
                                idle_timeout_seconds: number;
                                /** @description Bearer session token (sess_…). Treat it like a password: it is shown only here and stored only as a hash. */
                                token: string;
                            };
                            user: {
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC timestamp
                                 */
                                created_at: string;
                                /** @description Null when the account has no email address */
                                email: string | null;
                                email_verified: boolean;
                                /** @description user_… */
                                id: string;
                                /** @enum {string} */
                                object: "user";
                                /** @enum {string} */
                                role: "owner" | "admin" | "developer" | "read_only";
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
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End the session
         * @description The session token stops working at once, and the dashboard’s session cookie is cleared. Session only: API keys get 403 SESSION_REQUIRED.
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
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "logged_out";
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
                /** @description Credentials valid but not allowed here */
                403: {
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
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/merchants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The merchants the signed-in user belongs to */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                business_name: string;
                                /** @description True for the merchant this session acts in */
                                current: boolean;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC timestamp
                                 */
                                joined_at: string;
                                /** @description acct_… */
                                merchant_id: string;
                                /** @enum {string} */
                                role: "owner" | "admin" | "developer" | "read_only";
                            }[];
                            /** @enum {string} */
                            object: "list";
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
                /** @description Credentials valid but not allowed here */
                403: {
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
    "/v1/auth/password/forgot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask for a password reset link
         * @description Always answers 202, whether or not an account uses the address, and mails the address within seconds: a single-use link to `/reset-password?token=…` per account using it (valid 1 hour; a newer request replaces older links), or a note that no account uses it. Rate limited per client IP and per address (429 RATE_LIMITED); 503 EMAIL_UNAVAILABLE when the server cannot send email. No credentials needed.
         */
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
                        /**
                         * Format: email
                         * @description Email address (max 320)
                         */
                        email: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * @description The request is queued; the answer goes to the address, not to the caller
                             * @enum {string}
                             */
                            status: "accepted";
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
    "/v1/auth/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a merchant account
         * @description Creates a merchant, its owner user and a session. The email starts unverified; when the server can send email a verification link is queued. Signing up never reveals whether an address is already used by another account: an address belongs to an account only once verified. Rate limited per IP and per email (429 RATE_LIMITED).
         */
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
                        /** @description 2 to 120 characters */
                        business_name: string;
                        /**
                         * Format: email
                         * @description Email address (max 320)
                         */
                        email: string;
                        /** @description 12 to 200 characters */
                        password: string;
                    };
                };
            };
            responses: {
                /** @description The account and a new session */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description True when this call created the account */
                            created: boolean;
                            /** @description queued: a verification link is on its way to the account email; unavailable: this server cannot send email (no link was sent); not_needed: nothing was sent by this call */
                            email_verification: "queued" | "not_needed" | "unavailable";
                            merchant: {
                                business_name: string;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC timestamp
                                 */
                                created_at: string;
                                /** @description acct_… */
                                id: string;
                                /** @enum {string} */
                                object: "merchant";
                                support_email: string | null;
                                support_url: string | null;
                            };
                            session: {
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC timestamp
                                 */
                                expires_at: string;
                                /** @description ses_… */
                                id: string;
                                /** @description The session ends when unused for this long */
                                idle_timeout_seconds: number;
                                /** @description Bearer session token (sess_…). Treat it like a password: it is shown only here and stored only as a hash. */
                                token: string;
                            };
                            user: {
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC timestamp
                                 */
                                created_at: string;
                                /** @description Null when the account has no email address */
                                email: string | null;
                                email_verified: boolean;
                                /** @description user_… */
                                id: string;
                                /** @enum {string} */
                                object: "user";
                                /** @enum {string} */
                                role: "owner" | "admin" | "developer" | "read_only";
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
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/switch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Switch the session to another merchant
         * @description Answers like sign-in with a new session acting in `merchant_id` and ends the calling session. 403 NOT_A_MEMBER for a merchant the user does not belong to.
         */
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
                        /** @description acct_… */
                        merchant_id: string;
                    };
                };
            };
            responses: {
                /** @description The account and a new session */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description True when this call created the account */
                            created: boolean;
                            /** @description queued: a verification link is on its way to the account email; unavailable: this server cannot send email (no link was sent); not_needed: nothing was sent by this call */
                            email_verification: "queued" | "not_needed" | "unavailable";
                            merchant: {
                                business_name: string;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC timestamp
                                 */
                                created_at: string;
                                /** @description acct_… */
                                id: string;
                                /** @enum {string} */
                                object: "merchant";
                                support_email: string | null;
                                support_url: string | null;
                            };
                            session: {
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC timestamp
                                 */
                                expires_at: string;
                                /** @description ses_… */
                                id: string;
                                /** @description The session ends when unused for this long */
                                idle_timeout_seconds: number;
                                /** @description Bearer session token (sess_…). Treat it like a password: it is shown only here and stored only as a hash. */
                                token: string;
                            };
                            user: {
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC timestamp
                                 */
                                created_at: string;
                                /** @description Null when the account has no email address */
                                email: string | null;
                                email_verified: boolean;
                                /** @description user_… */
                                id: string;
                                /** @enum {string} */
                                object: "user";
                                /** @enum {string} */
                                role: "owner" | "admin" | "developer" | "read_only";
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
                /** @description Credentials valid but not allowed here */
                403: {
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
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events
         * @description Newest first, of the caller’s environment. `type` keeps one event type; `from` (inclusive) and `to` (exclusive) bound when the event happened.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Opaque: the next_cursor of the previous page */
                    cursor?: string;
                    /** @description Created at or after; ISO 8601 UTC date-time ending in Z */
                    from?: string;
                    /** @description 1 to 100; default 20 */
                    limit?: number;
                    /** @description Created before; ISO 8601 UTC date-time ending in Z */
                    to?: string;
                    type?: "payment.detected" | "payment.confirmed" | "payment.completed" | "payment.underpaid" | "payment.overpaid" | "payment.expired" | "payment.late" | "payment.invalid_asset" | "settlement.submitted" | "settlement.completed" | "settlement.failed" | "payment.reversed" | "settlement.reversed" | "refund.requested" | "refund.cancelled" | "refund.completed" | "payment.underpayment_accepted" | "invoice.paid";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of events */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                api_version: string;
                                /** @description Unix seconds when the event happened */
                                created: number;
                                /** @description `object` is the resource as the API returns it; extra fields (e.g. excess_amount) beside it */
                                data: {
                                    object: {
                                        [key: string]: unknown;
                                    };
                                } & {
                                    [key: string]: unknown;
                                };
                                /** @description evt_…: the same id webhook deliveries carry; deduplicate on it */
                                id: string;
                                livemode: boolean;
                                /** @enum {string} */
                                object: "event";
                                /** @enum {string} */
                                type: "payment.detected" | "payment.confirmed" | "payment.completed" | "payment.underpaid" | "payment.overpaid" | "payment.expired" | "payment.late" | "payment.invalid_asset" | "settlement.submitted" | "settlement.completed" | "settlement.failed" | "payment.reversed" | "settlement.reversed" | "refund.requested" | "refund.cancelled" | "refund.completed" | "payment.underpayment_accepted" | "invoice.paid";
                            }[];
                            has_more: boolean;
                            /** @description Pass as `cursor` to get the next (older) page; null on the last page */
                            next_cursor: string | null;
                            /** @enum {string} */
                            object: "list";
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
                /** @description Credentials valid but not allowed here */
                403: {
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
    "/v1/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve an event
         * @description Another merchant’s event, or one of the other environment, answers 404 like an unknown id.
         */
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
                /** @description An event: the body of its webhook deliveries */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            api_version: string;
                            /** @description Unix seconds when the event happened */
                            created: number;
                            /** @description `object` is the resource as the API returns it; extra fields (e.g. excess_amount) beside it */
                            data: {
                                object: {
                                    [key: string]: unknown;
                                };
                            } & {
                                [key: string]: unknown;
                            };
                            /** @description evt_…: the same id webhook deliveries carry; deduplicate on it */
                            id: string;
                            livemode: boolean;
                            /** @enum {string} */
                            object: "event";
                            /** @enum {string} */
                            type: "payment.detected" | "payment.confirmed" | "payment.completed" | "payment.underpaid" | "payment.overpaid" | "payment.expired" | "payment.late" | "payment.invalid_asset" | "settlement.submitted" | "settlement.completed" | "settlement.failed" | "payment.reversed" | "settlement.reversed" | "refund.requested" | "refund.cancelled" | "refund.completed" | "payment.underpayment_accepted" | "invoice.paid";
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
                /** @description Credentials valid but not allowed here */
                403: {
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
    "/v1/events/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow events live (server-sent events)
         * @description `text/event-stream`: one message per event, `id:` the event id, `event:` its type, `data:` the event as GET /v1/events returns it; a `: keepalive` comment every 15 s. Starts with events after the newest one at connection, or, with the `Last-Event-ID` header (what EventSource sends on reconnect), with every event after that one. `types` (comma separated) keeps only those types. A live stream is a convenience for development and dashboards: reconcile with GET /v1/events, which is complete. The stream ends within seconds when its credential stops being valid (API key revoked, session logged out, expired or idle, role without the read permission), after a last comment `: closed: <CODE>: <message>`; reconnecting then answers the same 401 or 403 as any other endpoint.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Comma-separated event types; default all */
                    types?: string;
                };
                header?: {
                    "last-event-id"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description text/event-stream */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": string;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
    "/v1/exports/invoices.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export invoices as CSV
         * @description Invoices with the status of their payment, by created_at, oldest first, of the calling environment; every row in the range (no page limit), streamed as it is read. `from` (inclusive) and `to` (exclusive) bound the time; both optional. CSV per RFC 4180 with a header line; amounts as decimals; a cell that a spreadsheet would run as a formula (starting with = + - @) is prefixed with an apostrophe. Audited as export.downloaded.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Start, inclusive; ISO 8601 UTC date-time ending in Z */
                    from?: string;
                    /** @description End, exclusive; ISO 8601 UTC date-time ending in Z */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The CSV document (text/csv) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": string;
                    };
                };
                /** @description Validation failed (VALIDATION_FAILED with details) or another invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": {
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
                        "text/csv": {
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
                /** @description Credentials valid but not allowed here */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": {
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
                        "text/csv": {
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
    "/v1/exports/payments.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export payments as CSV
         * @description Payment intents, by created_at, oldest first, of the calling environment; every row in the range (no page limit), streamed as it is read. `from` (inclusive) and `to` (exclusive) bound the time; both optional. CSV per RFC 4180 with a header line; amounts as decimals; a cell that a spreadsheet would run as a formula (starting with = + - @) is prefixed with an apostrophe. Audited as export.downloaded.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Start, inclusive; ISO 8601 UTC date-time ending in Z */
                    from?: string;
                    /** @description End, exclusive; ISO 8601 UTC date-time ending in Z */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The CSV document (text/csv) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": string;
                    };
                };
                /** @description Validation failed (VALIDATION_FAILED with details) or another invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": {
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
                        "text/csv": {
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
                /** @description Credentials valid but not allowed here */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": {
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
                        "text/csv": {
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
    "/v1/exports/refunds.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export refunds as CSV
         * @description Refund requests, by created_at, oldest first, of the calling environment; every row in the range (no page limit), streamed as it is read. `from` (inclusive) and `to` (exclusive) bound the time; both optional. CSV per RFC 4180 with a header line; amounts as decimals; a cell that a spreadsheet would run as a formula (starting with = + - @) is prefixed with an apostrophe. Audited as export.downloaded.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Start, inclusive; ISO 8601 UTC date-time ending in Z */
                    from?: string;
                    /** @description End, exclusive; ISO 8601 UTC date-time ending in Z */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The CSV document (text/csv) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": string;
                    };
                };
                /** @description Validation failed (VALIDATION_FAILED with details) or another invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": {
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
                        "text/csv": {
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
                /** @description Credentials valid but not allowed here */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": {
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
                        "text/csv": {
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
    "/v1/exports/settlements.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export settlements as CSV
         * @description Settlement transactions from deposit addresses to the vault, by created_at, oldest first, of the calling environment; every row in the range (no page limit), streamed as it is read. `from` (inclusive) and `to` (exclusive) bound the time; both optional. CSV per RFC 4180 with a header line; amounts as decimals; a cell that a spreadsheet would run as a formula (starting with = + - @) is prefixed with an apostrophe. Audited as export.downloaded.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Start, inclusive; ISO 8601 UTC date-time ending in Z */
                    from?: string;
                    /** @description End, exclusive; ISO 8601 UTC date-time ending in Z */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The CSV document (text/csv) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": string;
                    };
                };
                /** @description Validation failed (VALIDATION_FAILED with details) or another invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": {
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
                        "text/csv": {
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
                /** @description Credentials valid but not allowed here */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": {
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
                        "text/csv": {
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
    "/v1/exports/transactions.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export transactions as CSV
         * @description On-chain transfers the watcher recorded (incoming, settlements, refunds), by block_time, oldest first, of the calling environment; every row in the range (no page limit), streamed as it is read. `from` (inclusive) and `to` (exclusive) bound the time; both optional. CSV per RFC 4180 with a header line; amounts as decimals; a cell that a spreadsheet would run as a formula (starting with = + - @) is prefixed with an apostrophe. Audited as export.downloaded.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Start, inclusive; ISO 8601 UTC date-time ending in Z */
                    from?: string;
                    /** @description End, exclusive; ISO 8601 UTC date-time ending in Z */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The CSV document (text/csv) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": string;
                    };
                };
                /** @description Validation failed (VALIDATION_FAILED with details) or another invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": {
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
                        "text/csv": {
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
                /** @description Credentials valid but not allowed here */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": {
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
                        "text/csv": {
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
    "/v1/invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List invoices
         * @description Newest first. `status` filters on the derived status (open, paid, overdue, void).
         */
        get: {
            parameters: {
                query?: {
                    /** @description Opaque: the next_cursor of the previous page */
                    cursor?: string;
                    /** @description 1 to 100; default 20 */
                    limit?: number;
                    status?: "open" | "paid" | "overdue" | "void";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of invoices */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                checkout_url: string;
                                /** Format: date-time */
                                created_at: string;
                                /** @enum {string} */
                                currency: "USDC" | "EURC";
                                customer_email: string;
                                customer_name: string;
                                /** @description How the invoice reached customer_email */
                                delivery: {
                                    /**
                                     * @description not_configured: this server has no SMTP relay, nothing was sent (share `url` yourself); queued: the mail is waiting to be handed to the relay; sent: the relay accepted it; failed: the relay refused it on every attempt; skipped: voided or paid before the mail went out
                                     * @enum {string}
                                     */
                                    email: "not_configured" | "queued" | "sent" | "failed" | "skipped";
                                };
                                /**
                                 * Format: date-time
                                 * @description Overdue from this instant unless paid
                                 */
                                due_at: string;
                                /** @description YYYY-MM-DD (UTC) of due_at */
                                due_date: string;
                                /** @description inv_… */
                                id: string;
                                line_items: {
                                    /** @description quantity × unit_amount, exact */
                                    amount: string;
                                    amount_units: string;
                                    description: string;
                                    quantity: number;
                                    unit_amount: string;
                                    unit_amount_units: string;
                                }[];
                                livemode: boolean;
                                memo: string | null;
                                /** @description INV-000001, …: per merchant and environment, consecutive */
                                number: string;
                                /** @enum {string} */
                                object: "invoice";
                                payment_intent_id: string;
                                pdf_url: string;
                                /**
                                 * @description open, paid, overdue or void; derived from the payment intent, the due date and void (README)
                                 * @enum {string}
                                 */
                                status: "open" | "paid" | "overdue" | "void";
                                total: string;
                                total_units: string;
                                /** @description {public URL}/invoice/{id}: the invoice page the customer opens */
                                url: string;
                                voided_at: string | null;
                            }[];
                            has_more: boolean;
                            /** @description Pass as `cursor` to get the next (older) page; null on the last page */
                            next_cursor: string | null;
                            /** @enum {string} */
                            object: "list";
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
                /** @description Credentials valid but not allowed here */
                403: {
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
            };
        };
        put?: never;
        /**
         * Create an invoice
         * @description Numbers the invoice (INV-000001, … per merchant and environment, consecutive even under concurrent creation), computes each line (quantity × unit_amount) and the total exactly in base units (a total beyond 999999999999.999999 answers 400 VALIDATION_FAILED naming the total), creates its payment intent (amount = total, payable until the due date = now + due_in_days), and mails it to customer_email when this server has an SMTP relay: `delivery.email` says queued, or not_configured when it has none (then nothing was sent; share `url` yourself). The networks are checked like an intent’s (400 NETWORK_NOT_SUPPORTED, NETWORK_UNAVAILABLE naming every network this deployment does not serve, CURRENCY_NOT_SUPPORTED, VAULT_NOT_CONFIGURED). With Idempotency-Key the first response is replayed; the same key with another body answers 409 IDEMPOTENCY_KEY_REUSED.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Max 200 chars. The first response is stored and replayed for a retry with the same key */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Default [WALLET, ADDRESS] */
                        checkout_methods?: ("WALLET" | "ADDRESS")[];
                        /**
                         * @description Default USDC; line item amounts are in this token
                         * @enum {string}
                         */
                        currency?: "USDC" | "EURC";
                        /**
                         * Format: email
                         * @description Email address (max 320)
                         */
                        customer_email: string;
                        customer_name: string;
                        /**
                         * @description 1 to 90; default 14
                         * @default 14
                         */
                        due_in_days?: number;
                        /** @description 1 to 100 items */
                        line_items: {
                            description: string;
                            /**
                             * @description 1 to 100000; default 1
                             * @default 1
                             */
                            quantity?: number;
                            /** @description In the invoice currency: 1 to 12 integer digits, optionally a dot and 1 to 6 decimals */
                            unit_amount: string;
                        }[];
                        memo?: string;
                        /** @description Networks of the invoice’s payment intent; default: the merchant default networks */
                        networks?: string[];
                    };
                };
            };
            responses: {
                /** @description Invoice */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            checkout_url: string;
                            /** Format: date-time */
                            created_at: string;
                            /** @enum {string} */
                            currency: "USDC" | "EURC";
                            customer_email: string;
                            customer_name: string;
                            /** @description How the invoice reached customer_email */
                            delivery: {
                                /**
                                 * @description not_configured: this server has no SMTP relay, nothing was sent (share `url` yourself); queued: the mail is waiting to be handed to the relay; sent: the relay accepted it; failed: the relay refused it on every attempt; skipped: voided or paid before the mail went out
                                 * @enum {string}
                                 */
                                email: "not_configured" | "queued" | "sent" | "failed" | "skipped";
                            };
                            /**
                             * Format: date-time
                             * @description Overdue from this instant unless paid
                             */
                            due_at: string;
                            /** @description YYYY-MM-DD (UTC) of due_at */
                            due_date: string;
                            /** @description inv_… */
                            id: string;
                            line_items: {
                                /** @description quantity × unit_amount, exact */
                                amount: string;
                                amount_units: string;
                                description: string;
                                quantity: number;
                                unit_amount: string;
                                unit_amount_units: string;
                            }[];
                            livemode: boolean;
                            memo: string | null;
                            /** @description INV-000001, …: per merchant and environment, consecutive */
                            number: string;
                            /** @enum {string} */
                            object: "invoice";
                            payment_intent_id: string;
                            pdf_url: string;
                            /**
                             * @description open, paid, overdue or void; derived from the payment intent, the due date and void (README)
                             * @enum {string}
                             */
                            status: "open" | "paid" | "overdue" | "void";
                            total: string;
                            total_units: string;
                            /** @description {public URL}/invoice/{id}: the invoice page the customer opens */
                            url: string;
                            voided_at: string | null;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve an invoice
         * @description Another merchant’s id, or an id of the other environment, answers 404 like an unknown id.
         */
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
                /** @description Invoice */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            checkout_url: string;
                            /** Format: date-time */
                            created_at: string;
                            /** @enum {string} */
                            currency: "USDC" | "EURC";
                            customer_email: string;
                            customer_name: string;
                            /** @description How the invoice reached customer_email */
                            delivery: {
                                /**
                                 * @description not_configured: this server has no SMTP relay, nothing was sent (share `url` yourself); queued: the mail is waiting to be handed to the relay; sent: the relay accepted it; failed: the relay refused it on every attempt; skipped: voided or paid before the mail went out
                                 * @enum {string}
                                 */
                                email: "not_configured" | "queued" | "sent" | "failed" | "skipped";
                            };
                            /**
                             * Format: date-time
                             * @description Overdue from this instant unless paid
                             */
                            due_at: string;
                            /** @description YYYY-MM-DD (UTC) of due_at */
                            due_date: string;
                            /** @description inv_… */
                            id: string;
                            line_items: {
                                /** @description quantity × unit_amount, exact */
                                amount: string;
                                amount_units: string;
                                description: string;
                                quantity: number;
                                unit_amount: string;
                                unit_amount_units: string;
                            }[];
                            livemode: boolean;
                            memo: string | null;
                            /** @description INV-000001, …: per merchant and environment, consecutive */
                            number: string;
                            /** @enum {string} */
                            object: "invoice";
                            payment_intent_id: string;
                            pdf_url: string;
                            /**
                             * @description open, paid, overdue or void; derived from the payment intent, the due date and void (README)
                             * @enum {string}
                             */
                            status: "open" | "paid" | "overdue" | "void";
                            total: string;
                            total_units: string;
                            /** @description {public URL}/invoice/{id}: the invoice page the customer opens */
                            url: string;
                            voided_at: string | null;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
    "/v1/invoices/{id}/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send an invoice to its customer again
         * @description Mails the invoice (with its PDF) to customer_email again: `delivery.email` becomes queued, then sent or failed. Refused for a paid invoice (409 INVOICE_PAID), a void one (409 INVOICE_VOID), while a mail is still queued (409 INVOICE_EMAIL_QUEUED), on a server without an SMTP relay (503 EMAIL_UNAVAILABLE), and beyond 5 sends of one invoice an hour (429 RATE_LIMITED). Written to the audit log (invoice.sent).
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
            requestBody?: never;
            responses: {
                /** @description Invoice */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            checkout_url: string;
                            /** Format: date-time */
                            created_at: string;
                            /** @enum {string} */
                            currency: "USDC" | "EURC";
                            customer_email: string;
                            customer_name: string;
                            /** @description How the invoice reached customer_email */
                            delivery: {
                                /**
                                 * @description not_configured: this server has no SMTP relay, nothing was sent (share `url` yourself); queued: the mail is waiting to be handed to the relay; sent: the relay accepted it; failed: the relay refused it on every attempt; skipped: voided or paid before the mail went out
                                 * @enum {string}
                                 */
                                email: "not_configured" | "queued" | "sent" | "failed" | "skipped";
                            };
                            /**
                             * Format: date-time
                             * @description Overdue from this instant unless paid
                             */
                            due_at: string;
                            /** @description YYYY-MM-DD (UTC) of due_at */
                            due_date: string;
                            /** @description inv_… */
                            id: string;
                            line_items: {
                                /** @description quantity × unit_amount, exact */
                                amount: string;
                                amount_units: string;
                                description: string;
                                quantity: number;
                                unit_amount: string;
                                unit_amount_units: string;
                            }[];
                            livemode: boolean;
                            memo: string | null;
                            /** @description INV-000001, …: per merchant and environment, consecutive */
                            number: string;
                            /** @enum {string} */
                            object: "invoice";
                            payment_intent_id: string;
                            pdf_url: string;
                            /**
                             * @description open, paid, overdue or void; derived from the payment intent, the due date and void (README)
                             * @enum {string}
                             */
                            status: "open" | "paid" | "overdue" | "void";
                            total: string;
                            total_units: string;
                            /** @description {public URL}/invoice/{id}: the invoice page the customer opens */
                            url: string;
                            voided_at: string | null;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
    "/v1/invoices/{id}/void": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Void an invoice
         * @description The invoice becomes void and its payment intent unpayable (expired now; payment.expired). Refused once paid (409 INVOICE_PAID) and while funds have arrived without paying it yet (409 INVOICE_PAYMENT_IN_PROGRESS). Voiding a void invoice answers 200 and changes nothing.
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
            requestBody?: never;
            responses: {
                /** @description Invoice */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            checkout_url: string;
                            /** Format: date-time */
                            created_at: string;
                            /** @enum {string} */
                            currency: "USDC" | "EURC";
                            customer_email: string;
                            customer_name: string;
                            /** @description How the invoice reached customer_email */
                            delivery: {
                                /**
                                 * @description not_configured: this server has no SMTP relay, nothing was sent (share `url` yourself); queued: the mail is waiting to be handed to the relay; sent: the relay accepted it; failed: the relay refused it on every attempt; skipped: voided or paid before the mail went out
                                 * @enum {string}
                                 */
                                email: "not_configured" | "queued" | "sent" | "failed" | "skipped";
                            };
                            /**
                             * Format: date-time
                             * @description Overdue from this instant unless paid
                             */
                            due_at: string;
                            /** @description YYYY-MM-DD (UTC) of due_at */
                            due_date: string;
                            /** @description inv_… */
                            id: string;
                            line_items: {
                                /** @description quantity × unit_amount, exact */
                                amount: string;
                                amount_units: string;
                                description: string;
                                quantity: number;
                                unit_amount: string;
                                unit_amount_units: string;
                            }[];
                            livemode: boolean;
                            memo: string | null;
                            /** @description INV-000001, …: per merchant and environment, consecutive */
                            number: string;
                            /** @enum {string} */
                            object: "invoice";
                            payment_intent_id: string;
                            pdf_url: string;
                            /**
                             * @description open, paid, overdue or void; derived from the payment intent, the due date and void (README)
                             * @enum {string}
                             */
                            status: "open" | "paid" | "overdue" | "void";
                            total: string;
                            total_units: string;
                            /** @description {public URL}/invoice/{id}: the invoice page the customer opens */
                            url: string;
                            voided_at: string | null;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The calling merchant, role and environment
         * @description What the credential acts as: the merchant, the role (and its permissions), the environment (test or live; from the key prefix, or for a session the Tender-Environment header, default test) and the credential itself. `user` is set for sessions.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            credential: {
                                /** @description key_… or ses_… */
                                id: string;
                                type: "api_key" | "session";
                            };
                            /** @enum {string} */
                            environment: "test" | "live";
                            merchant: {
                                business_name: string;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC timestamp
                                 */
                                created_at: string;
                                /** @description acct_… */
                                id: string;
                                /** @enum {string} */
                                object: "merchant";
                                support_email: string | null;
                                support_url: string | null;
                            };
                            /** @enum {string} */
                            object: "me";
                            permissions: ("read" | "write" | "refunds:write" | "webhooks:manage" | "keys:manage" | "audit:read" | "account:manage" | "team:manage" | "profile:manage")[];
                            /** @enum {string} */
                            role: "owner" | "admin" | "developer" | "read_only";
                            user: {
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC timestamp
                                 */
                                created_at: string;
                                /** @description Null when the account has no email address */
                                email: string | null;
                                email_verified: boolean;
                                /** @description user_… */
                                id: string;
                                /** @enum {string} */
                                object: "user";
                                /** @enum {string} */
                                role: "owner" | "admin" | "developer" | "read_only";
                            } | null;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
    "/v1/networks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Supported networks, capabilities and the caller’s vault status
         * @description Networks of the caller’s environment: mainnets for live keys; testnets and the devnet for test keys. A network without an RPC URL (or deposit factory) on this deployment is listed with available=false and the reason. `payable` is true when intents can be created on it (available and a vault is set).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
    "/v1/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Dashboard metrics: received, settled and refunded, labelled separately
         * @description Over the last `days` UTC days (today included) in `currency`: received (final official funds at deposit addresses), settled (final transfers into the vault), refunded (final refund transfers from the vault), payments created by status, and a daily series.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Default USDC */
                    currency?: "USDC" | "EURC";
                    /** @description 1 to 365; default 30 */
                    days?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
    "/v1/payment-intents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a payment intent
         * @description Creates an intent in AWAITING_PAYMENT with one counterfactual deposit address per network, computed without any chain call. Test keys use test networks (testnets, devnet), live keys mainnets. A network without a vault answers 400 VAULT_NOT_CONFIGURED; an unknown network 400 NETWORK_NOT_SUPPORTED; a network this deployment does not serve (no RPC) 400 NETWORK_UNAVAILABLE, naming every such network in the message and one detail each; EURC where the issuer has none 400 CURRENCY_NOT_SUPPORTED. With Idempotency-Key the first response is replayed (Idempotent-Replayed: true); the same key with another body answers 409 IDEMPOTENCY_KEY_REUSED.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Max 200 chars. The first response is stored and replayed for a retry with the same key */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description 1 to 12 integer digits, optionally a dot and 1 to 6 decimals; greater than 0 */
                        amount: string;
                        /**
                         * Format: uri
                         * @description Where the checkout page sends the customer who cancels: an http:// or https:// URL, max 2000 characters
                         */
                        cancel_url?: string;
                        /** @description Default [WALLET, ADDRESS] */
                        checkout_methods?: ("WALLET" | "ADDRESS")[];
                        /**
                         * @description Default USDC
                         * @enum {string}
                         */
                        currency?: "USDC" | "EURC";
                        /** Format: email */
                        customer_email?: string;
                        description?: string;
                        /** @description Default: the merchant default (1200 unless changed in settlement settings) */
                        expires_in_seconds?: number;
                        /** @description Keys max 40 chars; values strings max 500 chars; at most 50 keys */
                        metadata?: {
                            [key: string]: string;
                        };
                        /** @description Network ids (GET /v1/networks); default: the merchant default networks, else every available network of the key’s environment that has a vault */
                        networks?: string[];
                        order_reference?: string;
                        /**
                         * Format: uri
                         * @description Where the checkout page sends the customer after payment: an http:// or https:// URL, max 2000 characters
                         */
                        success_url?: string;
                    };
                };
            };
            responses: {
                /** @description Payment intent */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Decimal string */
                            amount: string;
                            amount_accepted: string | null;
                            amount_accepted_units: string | null;
                            /** @description Decimal string */
                            amount_confirmed: string;
                            /** @description Integer string, base units */
                            amount_confirmed_units: string;
                            /** @description Decimal string */
                            amount_received: string;
                            /** @description Integer string, base units */
                            amount_received_units: string;
                            /** @description Decimal string */
                            amount_settled: string;
                            /** @description Integer string, base units */
                            amount_settled_units: string;
                            /** @description Integer string, base units */
                            amount_units: string;
                            cancel_url: string | null;
                            checkout_methods: string[];
                            /** @description {public gateway URL}/checkout/{id} */
                            checkout_url: string;
                            /** Format: date-time */
                            created_at: string;
                            /** @enum {string} */
                            currency: "USDC" | "EURC";
                            customer_email: string | null;
                            description: string | null;
                            /**
                             * Format: date-time
                             * @description When the intent stops being payable. CREATED: provisional (created_at + the window); set to now + the window when the intent is opened
                             */
                            expires_at: string;
                            /** @description pi_… */
                            id: string;
                            invoice_id: string | null;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            networks: {
                                chain_id: number | null;
                                confirmations_required: number | null;
                                /** @description Unique to this payment: CREATE2(factory_address, salt, keccak256(DepositForwarder init code ++ abi.encode(vault_address))); salt = keccak256(utf8(payment id)). Nothing is deployed until the sweep; funds can only reach the vault */
                                deposit_address: string;
                                factory_address: string;
                                network: string;
                                salt: string;
                                token_address: string;
                                token_symbol: string;
                                /** @description The official token contract of the intent’s currency on this network */
                                usdc_address: string;
                                vault_address: string;
                                wallet_checkout_supported: boolean;
                            }[];
                            object: string;
                            order_reference: string | null;
                            /** @description Decimal string */
                            overpaid_amount: string;
                            /** @description Integer string, base units */
                            overpaid_amount_units: string;
                            payment_link_id: string | null;
                            /** @enum {string} */
                            status: "CREATED" | "AWAITING_PAYMENT" | "DETECTED" | "CONFIRMING" | "PAID" | "OVERPAID" | "SETTLEMENT_PENDING" | "SETTLED" | "EXPIRED" | "UNDERPAID" | "LATE_PAYMENT" | "INVALID_ASSET" | "SETTLEMENT_FAILED" | "REFUND_REQUESTED" | "PARTIALLY_REFUNDED" | "REFUNDED";
                            success_url: string | null;
                        } & {
                            [key: string]: unknown;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment-intents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a payment intent
         * @description Another merchant’s id, or an id of the other environment, answers 404 like an unknown id.
         */
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
                /** @description Payment intent */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Decimal string */
                            amount: string;
                            amount_accepted: string | null;
                            amount_accepted_units: string | null;
                            /** @description Decimal string */
                            amount_confirmed: string;
                            /** @description Integer string, base units */
                            amount_confirmed_units: string;
                            /** @description Decimal string */
                            amount_received: string;
                            /** @description Integer string, base units */
                            amount_received_units: string;
                            /** @description Decimal string */
                            amount_settled: string;
                            /** @description Integer string, base units */
                            amount_settled_units: string;
                            /** @description Integer string, base units */
                            amount_units: string;
                            cancel_url: string | null;
                            checkout_methods: string[];
                            /** @description {public gateway URL}/checkout/{id} */
                            checkout_url: string;
                            /** Format: date-time */
                            created_at: string;
                            /** @enum {string} */
                            currency: "USDC" | "EURC";
                            customer_email: string | null;
                            description: string | null;
                            /**
                             * Format: date-time
                             * @description When the intent stops being payable. CREATED: provisional (created_at + the window); set to now + the window when the intent is opened
                             */
                            expires_at: string;
                            /** @description pi_… */
                            id: string;
                            invoice_id: string | null;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            networks: {
                                chain_id: number | null;
                                confirmations_required: number | null;
                                /** @description Unique to this payment: CREATE2(factory_address, salt, keccak256(DepositForwarder init code ++ abi.encode(vault_address))); salt = keccak256(utf8(payment id)). Nothing is deployed until the sweep; funds can only reach the vault */
                                deposit_address: string;
                                factory_address: string;
                                network: string;
                                salt: string;
                                token_address: string;
                                token_symbol: string;
                                /** @description The official token contract of the intent’s currency on this network */
                                usdc_address: string;
                                vault_address: string;
                                wallet_checkout_supported: boolean;
                            }[];
                            object: string;
                            order_reference: string | null;
                            /** @description Decimal string */
                            overpaid_amount: string;
                            /** @description Integer string, base units */
                            overpaid_amount_units: string;
                            payment_link_id: string | null;
                            /** @enum {string} */
                            status: "CREATED" | "AWAITING_PAYMENT" | "DETECTED" | "CONFIRMING" | "PAID" | "OVERPAID" | "SETTLEMENT_PENDING" | "SETTLED" | "EXPIRED" | "UNDERPAID" | "LATE_PAYMENT" | "INVALID_ASSET" | "SETTLEMENT_FAILED" | "REFUND_REQUESTED" | "PARTIALLY_REFUNDED" | "REFUNDED";
                            success_url: string | null;
                        } & {
                            [key: string]: unknown;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
    "/v1/payment-intents/{id}/accept-underpayment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an underpayment
         * @description For an UNDERPAID payment (expired with part of the amount final): it counts as paid for the received amount (amount_accepted). Emits payment.underpayment_accepted, then, as for any paid payment, payment.confirmed, the settlement into the vault and payment.completed. Funds arriving afterwards are an excess (refund them with a refund request of kind excess). Any other status answers 409 PAYMENT_NOT_UNDERPAID with the reason; accepting again answers 200 with the payment and changes nothing (409 UNDERPAYMENT_AMOUNT_CHANGED if another amount is named).
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
                        /** @description The received amount you accept (the payment’s amount_confirmed as you saw it). Refused with 409 UNDERPAYMENT_AMOUNT_CHANGED when the final funds differ by now, e.g. a late top-up arrived meanwhile */
                        amount: string;
                    };
                };
            };
            responses: {
                /** @description Payment intent */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Decimal string */
                            amount: string;
                            amount_accepted: string | null;
                            amount_accepted_units: string | null;
                            /** @description Decimal string */
                            amount_confirmed: string;
                            /** @description Integer string, base units */
                            amount_confirmed_units: string;
                            /** @description Decimal string */
                            amount_received: string;
                            /** @description Integer string, base units */
                            amount_received_units: string;
                            /** @description Decimal string */
                            amount_settled: string;
                            /** @description Integer string, base units */
                            amount_settled_units: string;
                            /** @description Integer string, base units */
                            amount_units: string;
                            cancel_url: string | null;
                            checkout_methods: string[];
                            /** @description {public gateway URL}/checkout/{id} */
                            checkout_url: string;
                            /** Format: date-time */
                            created_at: string;
                            /** @enum {string} */
                            currency: "USDC" | "EURC";
                            customer_email: string | null;
                            description: string | null;
                            /**
                             * Format: date-time
                             * @description When the intent stops being payable. CREATED: provisional (created_at + the window); set to now + the window when the intent is opened
                             */
                            expires_at: string;
                            /** @description pi_… */
                            id: string;
                            invoice_id: string | null;
                            livemode: boolean;
                            metadata: {
                                [key: string]: string;
                            };
                            networks: {
                                chain_id: number | null;
                                confirmations_required: number | null;
                                /** @description Unique to this payment: CREATE2(factory_address, salt, keccak256(DepositForwarder init code ++ abi.encode(vault_address))); salt = keccak256(utf8(payment id)). Nothing is deployed until the sweep; funds can only reach the vault */
                                deposit_address: string;
                                factory_address: string;
                                network: string;
                                salt: string;
                                token_address: string;
                                token_symbol: string;
                                /** @description The official token contract of the intent’s currency on this network */
                                usdc_address: string;
                                vault_address: string;
                                wallet_checkout_supported: boolean;
                            }[];
                            object: string;
                            order_reference: string | null;
                            /** @description Decimal string */
                            overpaid_amount: string;
                            /** @description Integer string, base units */
                            overpaid_amount_units: string;
                            payment_link_id: string | null;
                            /** @enum {string} */
                            status: "CREATED" | "AWAITING_PAYMENT" | "DETECTED" | "CONFIRMING" | "PAID" | "OVERPAID" | "SETTLEMENT_PENDING" | "SETTLED" | "EXPIRED" | "UNDERPAID" | "LATE_PAYMENT" | "INVALID_ASSET" | "SETTLEMENT_FAILED" | "REFUND_REQUESTED" | "PARTIALLY_REFUNDED" | "REFUNDED";
                            success_url: string | null;
                        } & {
                            [key: string]: unknown;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List payment links
         * @description Newest first. `active` filters on the flag.
         */
        get: {
            parameters: {
                query?: {
                    active?: boolean;
                    /** @description Opaque: the next_cursor of the previous page */
                    cursor?: string;
                    /** @description 1 to 100; default 20 */
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of payment links */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                active: boolean;
                                /** @description Decimal string */
                                amount: string;
                                /** @description Integer string, base units */
                                amount_units: string;
                                checkout_methods: string[];
                                /** Format: date-time */
                                created_at: string;
                                /** @enum {string} */
                                currency: "USDC" | "EURC";
                                description: string | null;
                                /** @description plink_… */
                                id: string;
                                intent_expires_in_seconds: number;
                                livemode: boolean;
                                name: string;
                                /** @description null: the merchant default networks at the time of each payment */
                                networks: string[] | null;
                                /** @enum {string} */
                                object: "payment_link";
                                success_url: string | null;
                                /** Format: date-time */
                                updated_at: string;
                                /** @description {public URL}/pay/{id}: the page where a customer starts a payment */
                                url: string;
                            }[];
                            has_more: boolean;
                            /** @description Pass as `cursor` to get the next (older) page; null on the last page */
                            next_cursor: string | null;
                            /** @enum {string} */
                            object: "list";
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
                /** @description Credentials valid but not allowed here */
                403: {
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
            };
        };
        put?: never;
        /**
         * Create a payment link
         * @description A reusable link (`url`) where customers start paying the link’s terms. Each customer who goes on to pay gets a payment intent of their own (own deposit addresses), listed under the link. The networks are checked now like an intent’s (400 NETWORK_NOT_SUPPORTED, NETWORK_UNAVAILABLE naming every network this deployment does not serve, CURRENCY_NOT_SUPPORTED, VAULT_NOT_CONFIGURED). With Idempotency-Key the first response is replayed; the same key with another body answers 409 IDEMPOTENCY_KEY_REUSED.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Max 200 chars. The first response is stored and replayed for a retry with the same key */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description 1 to 12 integer digits, optionally a dot and 1 to 6 decimals; greater than 0 */
                        amount: string;
                        /** @description Default [WALLET, ADDRESS] */
                        checkout_methods?: ("WALLET" | "ADDRESS")[];
                        /**
                         * @description Default USDC
                         * @enum {string}
                         */
                        currency?: "USDC" | "EURC";
                        description?: string;
                        /**
                         * @description How long each customer has to pay once they open checkout (picked a network); 300 to 604800, default 1200
                         * @default 1200
                         */
                        intent_expires_in_seconds?: number;
                        /** @description Shown to the customer; 1 to 120 chars */
                        name: string;
                        /** @description Network ids, checked when the link is created (environment, availability, token, vault). Default: the merchant default networks when each intent is created */
                        networks?: string[];
                        /**
                         * Format: uri
                         * @description Where the checkout page sends the customer after payment; copied into each intent of the link: an http:// or https:// URL, max 2000 characters
                         */
                        success_url?: string;
                    };
                };
            };
            responses: {
                /** @description Payment link */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            active: boolean;
                            /** @description Decimal string */
                            amount: string;
                            /** @description Integer string, base units */
                            amount_units: string;
                            checkout_methods: string[];
                            /** Format: date-time */
                            created_at: string;
                            /** @enum {string} */
                            currency: "USDC" | "EURC";
                            description: string | null;
                            /** @description plink_… */
                            id: string;
                            intent_expires_in_seconds: number;
                            livemode: boolean;
                            name: string;
                            /** @description null: the merchant default networks at the time of each payment */
                            networks: string[] | null;
                            /** @enum {string} */
                            object: "payment_link";
                            success_url: string | null;
                            /** Format: date-time */
                            updated_at: string;
                            /** @description {public URL}/pay/{id}: the page where a customer starts a payment */
                            url: string;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment-links/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a payment link
         * @description Another merchant’s id, or an id of the other environment, answers 404 like an unknown id.
         */
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
                /** @description Payment link */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            active: boolean;
                            /** @description Decimal string */
                            amount: string;
                            /** @description Integer string, base units */
                            amount_units: string;
                            checkout_methods: string[];
                            /** Format: date-time */
                            created_at: string;
                            /** @enum {string} */
                            currency: "USDC" | "EURC";
                            description: string | null;
                            /** @description plink_… */
                            id: string;
                            intent_expires_in_seconds: number;
                            livemode: boolean;
                            name: string;
                            /** @description null: the merchant default networks at the time of each payment */
                            networks: string[] | null;
                            /** @enum {string} */
                            object: "payment_link";
                            success_url: string | null;
                            /** Format: date-time */
                            updated_at: string;
                            /** @description {public URL}/pay/{id}: the page where a customer starts a payment */
                            url: string;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a payment link
         * @description Changes the fields given: `active`, `name`, `description`, `checkout_methods`, `success_url`, `intent_expires_in_seconds` (at least one). The price and the networks cannot change (create a new link). Changes apply to payments started afterwards; those already started keep their terms. `active: false` makes the link refuse new payments (its page says so; POST /public/payment-links/{id}/intents answers 409 PAYMENT_LINK_INACTIVE). A value equal to the current one changes nothing; each change is audited (`payment_link.activated`, `payment_link.deactivated`, `payment_link.updated` with the new values).
         */
        patch: {
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
                        /** @description false: the link refuses new payments; payments already started go on */
                        active?: boolean;
                        checkout_methods?: ("WALLET" | "ADDRESS")[];
                        /** @description null or "" removes it */
                        description?: string | null;
                        /** @description How long each customer has to pay once they open checkout; 300 to 604800 */
                        intent_expires_in_seconds?: number;
                        /** @description Shown to the customer; 1 to 120 chars */
                        name?: string;
                        /** @description null removes it */
                        success_url?: string | null;
                    };
                };
            };
            responses: {
                /** @description Payment link */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            active: boolean;
                            /** @description Decimal string */
                            amount: string;
                            /** @description Integer string, base units */
                            amount_units: string;
                            checkout_methods: string[];
                            /** Format: date-time */
                            created_at: string;
                            /** @enum {string} */
                            currency: "USDC" | "EURC";
                            description: string | null;
                            /** @description plink_… */
                            id: string;
                            intent_expires_in_seconds: number;
                            livemode: boolean;
                            name: string;
                            /** @description null: the merchant default networks at the time of each payment */
                            networks: string[] | null;
                            /** @enum {string} */
                            object: "payment_link";
                            success_url: string | null;
                            /** Format: date-time */
                            updated_at: string;
                            /** @description {public URL}/pay/{id}: the page where a customer starts a payment */
                            url: string;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
            };
        };
        trace?: never;
    };
    "/v1/payment-links/{id}/payment-intents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the payment intents started from a payment link
         * @description One intent per customer who started paying, newest first (CREATED until opened at checkout).
         */
        get: {
            parameters: {
                query?: {
                    /** @description Opaque: the next_cursor of the previous page */
                    cursor?: string;
                    /** @description 1 to 100; default 20 */
                    limit?: number;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of payment intents */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: ({
                                /** @description Decimal string */
                                amount: string;
                                amount_accepted: string | null;
                                amount_accepted_units: string | null;
                                /** @description Decimal string */
                                amount_confirmed: string;
                                /** @description Integer string, base units */
                                amount_confirmed_units: string;
                                /** @description Decimal string */
                                amount_received: string;
                                /** @description Integer string, base units */
                                amount_received_units: string;
                                /** @description Decimal string */
                                amount_settled: string;
                                /** @description Integer string, base units */
                                amount_settled_units: string;
                                /** @description Integer string, base units */
                                amount_units: string;
                                cancel_url: string | null;
                                checkout_methods: string[];
                                /** @description {public gateway URL}/checkout/{id} */
                                checkout_url: string;
                                /** Format: date-time */
                                created_at: string;
                                /** @enum {string} */
                                currency: "USDC" | "EURC";
                                customer_email: string | null;
                                description: string | null;
                                /**
                                 * Format: date-time
                                 * @description When the intent stops being payable. CREATED: provisional (created_at + the window); set to now + the window when the intent is opened
                                 */
                                expires_at: string;
                                /** @description pi_… */
                                id: string;
                                invoice_id: string | null;
                                livemode: boolean;
                                metadata: {
                                    [key: string]: string;
                                };
                                networks: {
                                    chain_id: number | null;
                                    confirmations_required: number | null;
                                    /** @description Unique to this payment: CREATE2(factory_address, salt, keccak256(DepositForwarder init code ++ abi.encode(vault_address))); salt = keccak256(utf8(payment id)). Nothing is deployed until the sweep; funds can only reach the vault */
                                    deposit_address: string;
                                    factory_address: string;
                                    network: string;
                                    salt: string;
                                    token_address: string;
                                    token_symbol: string;
                                    /** @description The official token contract of the intent’s currency on this network */
                                    usdc_address: string;
                                    vault_address: string;
                                    wallet_checkout_supported: boolean;
                                }[];
                                object: string;
                                order_reference: string | null;
                                /** @description Decimal string */
                                overpaid_amount: string;
                                /** @description Integer string, base units */
                                overpaid_amount_units: string;
                                payment_link_id: string | null;
                                /** @enum {string} */
                                status: "CREATED" | "AWAITING_PAYMENT" | "DETECTED" | "CONFIRMING" | "PAID" | "OVERPAID" | "SETTLEMENT_PENDING" | "SETTLED" | "EXPIRED" | "UNDERPAID" | "LATE_PAYMENT" | "INVALID_ASSET" | "SETTLEMENT_FAILED" | "REFUND_REQUESTED" | "PARTIALLY_REFUNDED" | "REFUNDED";
                                success_url: string | null;
                            } & {
                                [key: string]: unknown;
                            })[];
                            has_more: boolean;
                            /** @description Pass as `cursor` to get the next (older) page; null on the last page */
                            next_cursor: string | null;
                            /** @enum {string} */
                            object: "list";
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
                /** @description Credentials valid but not allowed here */
                403: {
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
    "/v1/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List and search payments
         * @description Newest first. `q` matches the payment id, order reference or description (substring, case-insensitive), or, when it is an address or a transaction hash (0x + 40 or 64 hex), that deposit address or transaction (exact). `from` (inclusive) and `to` (exclusive) bound created_at. `cursor` is the next_cursor of the previous page (the created_at of its last item); the next page holds strictly older payments.
         */
        get: {
            parameters: {
                query?: {
                    /** @description next_cursor of the previous page; ISO 8601 UTC date-time ending in Z */
                    cursor?: string;
                    /** @description Created at or after; ISO 8601 UTC date-time ending in Z */
                    from?: string;
                    limit?: number;
                    /** @description true: only payments that need a decision (underpaid, late, settlement failed, an excess or a foreign token not returned yet); a payment leaves once the decision is made or verified */
                    needs_attention?: boolean;
                    network?: string;
                    q?: string;
                    status?: "CREATED" | "AWAITING_PAYMENT" | "DETECTED" | "CONFIRMING" | "PAID" | "OVERPAID" | "SETTLEMENT_PENDING" | "SETTLED" | "EXPIRED" | "UNDERPAID" | "LATE_PAYMENT" | "INVALID_ASSET" | "SETTLEMENT_FAILED" | "REFUND_REQUESTED" | "PARTIALLY_REFUNDED" | "REFUNDED";
                    /** @description Created before; ISO 8601 UTC date-time ending in Z */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: ({
                                /** @description Decimal string */
                                amount: string;
                                amount_accepted: string | null;
                                amount_accepted_units: string | null;
                                /** @description Decimal string */
                                amount_confirmed: string;
                                /** @description Integer string, base units */
                                amount_confirmed_units: string;
                                /** @description Decimal string */
                                amount_received: string;
                                /** @description Integer string, base units */
                                amount_received_units: string;
                                /** @description Decimal string */
                                amount_settled: string;
                                /** @description Integer string, base units */
                                amount_settled_units: string;
                                /** @description Integer string, base units */
                                amount_units: string;
                                cancel_url: string | null;
                                checkout_methods: string[];
                                /** @description {public gateway URL}/checkout/{id} */
                                checkout_url: string;
                                /** Format: date-time */
                                created_at: string;
                                /** @enum {string} */
                                currency: "USDC" | "EURC";
                                customer_email: string | null;
                                description: string | null;
                                /**
                                 * Format: date-time
                                 * @description When the intent stops being payable. CREATED: provisional (created_at + the window); set to now + the window when the intent is opened
                                 */
                                expires_at: string;
                                /** @description pi_… */
                                id: string;
                                invoice_id: string | null;
                                livemode: boolean;
                                metadata: {
                                    [key: string]: string;
                                };
                                networks: {
                                    chain_id: number | null;
                                    confirmations_required: number | null;
                                    /** @description Unique to this payment: CREATE2(factory_address, salt, keccak256(DepositForwarder init code ++ abi.encode(vault_address))); salt = keccak256(utf8(payment id)). Nothing is deployed until the sweep; funds can only reach the vault */
                                    deposit_address: string;
                                    factory_address: string;
                                    network: string;
                                    salt: string;
                                    token_address: string;
                                    token_symbol: string;
                                    /** @description The official token contract of the intent’s currency on this network */
                                    usdc_address: string;
                                    vault_address: string;
                                    wallet_checkout_supported: boolean;
                                }[];
                                object: string;
                                order_reference: string | null;
                                /** @description Decimal string */
                                overpaid_amount: string;
                                /** @description Integer string, base units */
                                overpaid_amount_units: string;
                                payment_link_id: string | null;
                                /** @enum {string} */
                                status: "CREATED" | "AWAITING_PAYMENT" | "DETECTED" | "CONFIRMING" | "PAID" | "OVERPAID" | "SETTLEMENT_PENDING" | "SETTLED" | "EXPIRED" | "UNDERPAID" | "LATE_PAYMENT" | "INVALID_ASSET" | "SETTLEMENT_FAILED" | "REFUND_REQUESTED" | "PARTIALLY_REFUNDED" | "REFUNDED";
                                success_url: string | null;
                            } & {
                                [key: string]: unknown;
                            })[];
                            has_more: boolean;
                            next_cursor: string | null;
                            /** @enum {string} */
                            object: "list";
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
                /** @description Credentials valid but not allowed here */
                403: {
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
    "/v1/payments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Payment detail: timeline, transfers, settlements and sweep attempts
         * @description `timeline`: every status change with its reason (transfer_detected, transfer_final, reorg, expiry, sweep_submitted, sweep_mined, sweep_failed). `transfers`: on-chain Transfer logs to the deposit addresses (type payment) and from them into the vault (type settlement), with confirmations, final and removed (orphaned by a reorg), and from the vault to refund recipients (type refund). `settlements`: sweeps into the vault. `attempts`: every signed sweep transaction, fee-bumped replacements included. `refunds`: the refund requests of the payment; `amount_refunded`: what completed ones returned; `overpaid_amount`: final funds beyond the amount, including funds that arrived after settlement.
         */
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
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
    "/v1/refund-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List refund requests
         * @description Newest first; optionally of one payment.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Opaque: the next_cursor of the previous page */
                    cursor?: string;
                    /** @description 1 to 100; default 20 */
                    limit?: number;
                    payment_intent_id?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Refund requests */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description Decimal string, in the token of token_address */
                                amount: string;
                                /** @description Integer string, base units */
                                amount_units: string;
                                cancelled_at: string | null;
                                completed_at: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC timestamp
                                 */
                                created_at: string;
                                /**
                                 * @description The payment’s currency
                                 * @enum {string}
                                 */
                                currency: "USDC" | "EURC";
                                /** @description re_… */
                                id: string;
                                /**
                                 * @description payment: part or all of the payment; excess: only an overpayment’s excess (the payment keeps its status); foreign_asset: a foreign token the payment received, returned in that token (token_address)
                                 * @enum {string}
                                 */
                                kind: "payment" | "excess" | "foreign_asset";
                                livemode: boolean;
                                /** @enum {string} */
                                object: "refund_request";
                                payment_intent_id: string;
                                reason: string | null;
                                /** @description EIP-55 checksummed */
                                recipient: string;
                                /**
                                 * @description pending: waiting for your transfer; confirming: a matching transfer is seen, not final yet; completed: the transfer is final (refund.completed); cancelled: withdrawn while pending
                                 * @enum {string}
                                 */
                                status: "pending" | "confirming" | "completed" | "cancelled";
                                /** @description The token the refund is sent in: the payment’s official token, or for foreign_asset the foreign token */
                                token_address: string;
                                transfer: {
                                    amount: string;
                                    amount_units: string;
                                    block_number: number;
                                    /** @description Buried under the network’s confirmation depth */
                                    final: boolean;
                                    /** @description Your vault */
                                    from: string;
                                    log_index: number;
                                    network: string;
                                    /**
                                     * @description proof: POST /v1/refund-requests/{id}/proof; watcher: seen on-chain without a proof
                                     * @enum {string}
                                     */
                                    source: "proof" | "watcher";
                                    /** @description The recipient */
                                    to: string;
                                    token_address: string;
                                    tx_hash: string;
                                } | null;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC timestamp
                                 */
                                updated_at: string;
                            }[];
                            has_more: boolean;
                            /** @description Pass as `cursor` to get the next (older) page; null on the last page */
                            next_cursor: string | null;
                            /** @enum {string} */
                            object: "list";
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
                /** @description Credentials valid but not allowed here */
                403: {
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
            };
        };
        put?: never;
        /**
         * Request a refund
         * @description For a payment that received final funds: 409 PAYMENT_NOT_PAID otherwise. The amount may not exceed the refundable remainder = final funds received (excess and late funds included) minus every request not cancelled (pending requests reserve their amount): 409 REFUND_EXCEEDS_REFUNDABLE. An unknown or another merchant’s payment_intent_id answers 404 RESOURCE_NOT_FOUND. Emits refund.requested. With Idempotency-Key the first response is replayed (Idempotent-Replayed: true); the same key with another body answers 409 IDEMPOTENCY_KEY_REUSED.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Max 200 chars. The first response is stored and replayed for a retry with the same key */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description In the payment’s currency: 1 to 12 integer digits, optionally a dot and 1 to 6 decimals; greater than 0 and at most the refundable remainder */
                        amount: string;
                        /**
                         * @description payment (default): part or all of the payment; the payment moves to the refund states once closed. excess: only an overpayment’s excess (at most the excess not refunded yet, 409 REFUND_EXCEEDS_EXCESS; 409 REFUND_NO_EXCESS for a payment without one); the payment keeps its status. foreign_asset: a foreign token the payment received (INVALID_ASSET funds), returned in that token from the vault the recovery sweep moved it to; amount in that token, at most what it received of it (409 REFUND_NO_FOREIGN_FUNDS when none)
                         * @enum {string}
                         */
                        kind?: "payment" | "excess" | "foreign_asset";
                        /** @description foreign_asset only: the network the foreign token was received on; needed only when the payment received that token on several networks (the same address on two chains is two different tokens) */
                        network?: string;
                        /** @description pi_…: the payment to refund */
                        payment_intent_id: string;
                        reason?: string;
                        /** @description 0x followed by 40 hex digits */
                        recipient: string;
                        /** @description foreign_asset only: the foreign token to return; optional when the payment received only one foreign token */
                        token_address?: string;
                    };
                };
            };
            responses: {
                /** @description Refund request */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Decimal string, in the token of token_address */
                            amount: string;
                            /** @description Integer string, base units */
                            amount_units: string;
                            cancelled_at: string | null;
                            completed_at: string | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * @description The payment’s currency
                             * @enum {string}
                             */
                            currency: "USDC" | "EURC";
                            /** @description re_… */
                            id: string;
                            /**
                             * @description payment: part or all of the payment; excess: only an overpayment’s excess (the payment keeps its status); foreign_asset: a foreign token the payment received, returned in that token (token_address)
                             * @enum {string}
                             */
                            kind: "payment" | "excess" | "foreign_asset";
                            livemode: boolean;
                            /** @enum {string} */
                            object: "refund_request";
                            payment_intent_id: string;
                            reason: string | null;
                            /** @description EIP-55 checksummed */
                            recipient: string;
                            /**
                             * @description pending: waiting for your transfer; confirming: a matching transfer is seen, not final yet; completed: the transfer is final (refund.completed); cancelled: withdrawn while pending
                             * @enum {string}
                             */
                            status: "pending" | "confirming" | "completed" | "cancelled";
                            /** @description The token the refund is sent in: the payment’s official token, or for foreign_asset the foreign token */
                            token_address: string;
                            transfer: {
                                amount: string;
                                amount_units: string;
                                block_number: number;
                                /** @description Buried under the network’s confirmation depth */
                                final: boolean;
                                /** @description Your vault */
                                from: string;
                                log_index: number;
                                network: string;
                                /**
                                 * @description proof: POST /v1/refund-requests/{id}/proof; watcher: seen on-chain without a proof
                                 * @enum {string}
                                 */
                                source: "proof" | "watcher";
                                /** @description The recipient */
                                to: string;
                                token_address: string;
                                tx_hash: string;
                            } | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            updated_at: string;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refund-requests/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a refund request
         * @description Another merchant’s id, or one of the other environment, answers 404 like an unknown id.
         */
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
                /** @description Refund request */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Decimal string, in the token of token_address */
                            amount: string;
                            /** @description Integer string, base units */
                            amount_units: string;
                            cancelled_at: string | null;
                            completed_at: string | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * @description The payment’s currency
                             * @enum {string}
                             */
                            currency: "USDC" | "EURC";
                            /** @description re_… */
                            id: string;
                            /**
                             * @description payment: part or all of the payment; excess: only an overpayment’s excess (the payment keeps its status); foreign_asset: a foreign token the payment received, returned in that token (token_address)
                             * @enum {string}
                             */
                            kind: "payment" | "excess" | "foreign_asset";
                            livemode: boolean;
                            /** @enum {string} */
                            object: "refund_request";
                            payment_intent_id: string;
                            reason: string | null;
                            /** @description EIP-55 checksummed */
                            recipient: string;
                            /**
                             * @description pending: waiting for your transfer; confirming: a matching transfer is seen, not final yet; completed: the transfer is final (refund.completed); cancelled: withdrawn while pending
                             * @enum {string}
                             */
                            status: "pending" | "confirming" | "completed" | "cancelled";
                            /** @description The token the refund is sent in: the payment’s official token, or for foreign_asset the foreign token */
                            token_address: string;
                            transfer: {
                                amount: string;
                                amount_units: string;
                                block_number: number;
                                /** @description Buried under the network’s confirmation depth */
                                final: boolean;
                                /** @description Your vault */
                                from: string;
                                log_index: number;
                                network: string;
                                /**
                                 * @description proof: POST /v1/refund-requests/{id}/proof; watcher: seen on-chain without a proof
                                 * @enum {string}
                                 */
                                source: "proof" | "watcher";
                                /** @description The recipient */
                                to: string;
                                token_address: string;
                                tx_hash: string;
                            } | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            updated_at: string;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
    "/v1/refund-requests/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a pending refund request
         * @description Its amount becomes refundable again. A request whose transfer is seen (confirming) or final (completed) answers 409 REFUND_NOT_PENDING; cancelling twice answers the cancelled request.
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
            requestBody?: never;
            responses: {
                /** @description Refund request */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Decimal string, in the token of token_address */
                            amount: string;
                            /** @description Integer string, base units */
                            amount_units: string;
                            cancelled_at: string | null;
                            completed_at: string | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * @description The payment’s currency
                             * @enum {string}
                             */
                            currency: "USDC" | "EURC";
                            /** @description re_… */
                            id: string;
                            /**
                             * @description payment: part or all of the payment; excess: only an overpayment’s excess (the payment keeps its status); foreign_asset: a foreign token the payment received, returned in that token (token_address)
                             * @enum {string}
                             */
                            kind: "payment" | "excess" | "foreign_asset";
                            livemode: boolean;
                            /** @enum {string} */
                            object: "refund_request";
                            payment_intent_id: string;
                            reason: string | null;
                            /** @description EIP-55 checksummed */
                            recipient: string;
                            /**
                             * @description pending: waiting for your transfer; confirming: a matching transfer is seen, not final yet; completed: the transfer is final (refund.completed); cancelled: withdrawn while pending
                             * @enum {string}
                             */
                            status: "pending" | "confirming" | "completed" | "cancelled";
                            /** @description The token the refund is sent in: the payment’s official token, or for foreign_asset the foreign token */
                            token_address: string;
                            transfer: {
                                amount: string;
                                amount_units: string;
                                block_number: number;
                                /** @description Buried under the network’s confirmation depth */
                                final: boolean;
                                /** @description Your vault */
                                from: string;
                                log_index: number;
                                network: string;
                                /**
                                 * @description proof: POST /v1/refund-requests/{id}/proof; watcher: seen on-chain without a proof
                                 * @enum {string}
                                 */
                                source: "proof" | "watcher";
                                /** @description The recipient */
                                to: string;
                                token_address: string;
                                tx_hash: string;
                            } | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            updated_at: string;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refund-requests/{id}/proof": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit the refund transaction
         * @description Names the transaction that sends the refund from your vault. It is verified on-chain: mined and succeeded (400 REFUND_TX_NOT_FOUND, 400 REFUND_TX_FAILED; 409 REFUND_TX_PENDING while it is not mined, or not yet processed by Tender’s watcher: retry in a few seconds), on a network the payment received final funds on (400 REFUND_WRONG_NETWORK; 400 REFUND_NETWORK_REQUIRED when there are several), with a Transfer of the payment’s official token (400 REFUND_WRONG_TOKEN, or REFUND_NO_TRANSFER when it moves no token) from that network’s vault (400 REFUND_WRONG_SENDER) to the recipient (400 REFUND_WRONG_RECIPIENT) of at least the amount (400 REFUND_AMOUNT_TOO_SMALL). One transfer fulfils one refund only (409 REFUND_TX_ALREADY_USED). Only a pending request takes a proof (409 REFUND_NOT_PENDING; the same proof again answers 200 with the request). A transfer not yet final is accepted: the request is confirming and completes when final; one already final completes it now.
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
                        /** @description The network of the transaction. Needed only when the payment received final funds on several networks; it must be one of them (the refund leaves the vault of a network the payment was paid on) */
                        network?: string;
                        /** @description The transaction that sends the refund from your vault to the recipient */
                        tx_hash: string;
                    };
                };
            };
            responses: {
                /** @description Refund request */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Decimal string, in the token of token_address */
                            amount: string;
                            /** @description Integer string, base units */
                            amount_units: string;
                            cancelled_at: string | null;
                            completed_at: string | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * @description The payment’s currency
                             * @enum {string}
                             */
                            currency: "USDC" | "EURC";
                            /** @description re_… */
                            id: string;
                            /**
                             * @description payment: part or all of the payment; excess: only an overpayment’s excess (the payment keeps its status); foreign_asset: a foreign token the payment received, returned in that token (token_address)
                             * @enum {string}
                             */
                            kind: "payment" | "excess" | "foreign_asset";
                            livemode: boolean;
                            /** @enum {string} */
                            object: "refund_request";
                            payment_intent_id: string;
                            reason: string | null;
                            /** @description EIP-55 checksummed */
                            recipient: string;
                            /**
                             * @description pending: waiting for your transfer; confirming: a matching transfer is seen, not final yet; completed: the transfer is final (refund.completed); cancelled: withdrawn while pending
                             * @enum {string}
                             */
                            status: "pending" | "confirming" | "completed" | "cancelled";
                            /** @description The token the refund is sent in: the payment’s official token, or for foreign_asset the foreign token */
                            token_address: string;
                            transfer: {
                                amount: string;
                                amount_units: string;
                                block_number: number;
                                /** @description Buried under the network’s confirmation depth */
                                final: boolean;
                                /** @description Your vault */
                                from: string;
                                log_index: number;
                                network: string;
                                /**
                                 * @description proof: POST /v1/refund-requests/{id}/proof; watcher: seen on-chain without a proof
                                 * @enum {string}
                                 */
                                source: "proof" | "watcher";
                                /** @description The recipient */
                                to: string;
                                token_address: string;
                                tx_hash: string;
                            } | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            updated_at: string;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
    "/v1/settlement-policy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Accounting policy and the live on-chain facts of each vault
         * @description accounting_policy: how payments are recognised, received vs settled, settlement, late and foreign funds. networks: confirmation depth, deposit factory, relayer, and per vault its live on-chain facts read now (contract or account, native balance, official token balances, block number) or the read error.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
    "/v1/settlement-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Vaults, default intent expiry and default networks */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Settlement settings of this environment */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the default intent expiry, default networks, checkout embedding origins or customer receipts
         * @description default_expires_in_seconds (300 to 2592000; 1200 unless changed) applies to intents created without expires_in_seconds. default_networks (null: every available network with a vault) applies to intents created without networks; a network this deployment does not serve is refused (400 NETWORK_UNAVAILABLE naming each, nothing changed). checkout_allowed_origins (empty unless set: the checkout cannot be embedded) lists the exact origins (https://host[:port], no path) whose pages may embed the hosted checkout with /checkout.js: they form its Content-Security-Policy frame-ancestors and are the only targets of its paid, closed and expired messages. http://localhost, http://127.0.0.1 and http://[::1] origins are accepted in test mode (and in the dev profile) only. The list replaces the previous one. customer_receipts (true unless turned off) mails a receipt to the customer_email of each payment once it is confirmed: one per payment, sent by a job after the confirmation commits.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Exact origins, e.g. https://shop.example or https://shop.example:8443; [] for none */
                        checkout_allowed_origins?: string[];
                        /** @description Mail the customer a receipt (business name, amount, support contact) when a payment with a customer_email is confirmed; true unless turned off */
                        customer_receipts?: boolean;
                        default_expires_in_seconds?: number;
                        default_networks?: string[] | null;
                    };
                };
            };
            responses: {
                /** @description Settlement settings of this environment */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
            };
        };
        trace?: never;
    };
    "/v1/settlements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Settlements into the vault
         * @description Sweeps, newest first; `has_more` and `next_cursor` page through all of them (pass it as `cursor`). purpose payment: the settlement of a paid intent; recovery: late, underpaid or foreign funds moved into the vault. state pending, submitted, succeeded (mined), failed (retried as a new attempt) or voided (its transaction was lost with blocks of a devnet).
         */
        get: {
            parameters: {
                query?: {
                    /** @description Opaque: the next_cursor of the previous page */
                    cursor?: string;
                    /** @description 1 to 100; default 20 */
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
    "/v1/team/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Invitations of this merchant, newest first (100 at most) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                accepted_at: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC timestamp
                                 */
                                created_at: string;
                                email: string;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC timestamp
                                 */
                                expires_at: string;
                                /** @description tinv_… */
                                id: string;
                                invited_by: string | null;
                                /** @enum {string} */
                                object: "team_invitation";
                                revoked_at: string | null;
                                /** @enum {string} */
                                role: "owner" | "admin" | "developer" | "read_only";
                                /**
                                 * @description pending: the link works; accepted: someone joined with it; revoked: withdrawn; expired: 7 days passed
                                 * @enum {string}
                                 */
                                status: "pending" | "accepted" | "revoked" | "expired";
                            }[];
                            /** @enum {string} */
                            object: "list";
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
                /** @description Credentials valid but not allowed here */
                403: {
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
            };
        };
        put?: never;
        /**
         * Invite someone by email
         * @description Owners and admins manage (team:manage); an admin never grants, changes, removes or revokes the owner role (403 ROLE_NOT_ALLOWED); the last owner cannot be demoted or removed (409 LAST_OWNER). Session only. Mails a single-use link to `/accept-invitation?token=…`, valid 7 days (only its hash is stored). 409 ALREADY_MEMBER for a member’s address, 409 INVITATION_PENDING while a pending invitation exists for it; 503 EMAIL_UNAVAILABLE when the server cannot send email.
         */
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
                        /**
                         * Format: email
                         * @description Email address (max 320)
                         */
                        email: string;
                        /** @enum {string} */
                        role: "owner" | "admin" | "developer" | "read_only";
                    };
                };
            };
            responses: {
                /** @description An invitation to join this merchant; its link is mailed to `email` and never shown */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            accepted_at: string | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            created_at: string;
                            email: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            expires_at: string;
                            /** @description tinv_… */
                            id: string;
                            invited_by: string | null;
                            /** @enum {string} */
                            object: "team_invitation";
                            revoked_at: string | null;
                            /** @enum {string} */
                            role: "owner" | "admin" | "developer" | "read_only";
                            /**
                             * @description pending: the link works; accepted: someone joined with it; revoked: withdrawn; expired: 7 days passed
                             * @enum {string}
                             */
                            status: "pending" | "accepted" | "revoked" | "expired";
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
                /** @description Credentials valid but not allowed here */
                403: {
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
    "/v1/team/invitations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an invitation
         * @description Owners and admins manage (team:manage); an admin never grants, changes, removes or revokes the owner role (403 ROLE_NOT_ALLOWED); the last owner cannot be demoted or removed (409 LAST_OWNER). Session only. Its link stops working at once; 409 INVITATION_NOT_PENDING once accepted or revoked.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description tinv_… */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description An invitation to join this merchant; its link is mailed to `email` and never shown */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            accepted_at: string | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            created_at: string;
                            email: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            expires_at: string;
                            /** @description tinv_… */
                            id: string;
                            invited_by: string | null;
                            /** @enum {string} */
                            object: "team_invitation";
                            revoked_at: string | null;
                            /** @enum {string} */
                            role: "owner" | "admin" | "developer" | "read_only";
                            /**
                             * @description pending: the link works; accepted: someone joined with it; revoked: withdrawn; expired: 7 days passed
                             * @enum {string}
                             */
                            status: "pending" | "accepted" | "revoked" | "expired";
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
                /** @description Credentials valid but not allowed here */
                403: {
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
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/team/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Members of this merchant with their role and join date */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                email: string | null;
                                /** @description user_… (the person; the same id in every merchant they belong to) */
                                id: string;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC timestamp
                                 */
                                joined_at: string;
                                /** @enum {string} */
                                object: "team_member";
                                /** @enum {string} */
                                role: "owner" | "admin" | "developer" | "read_only";
                                /** @description True for the signed-in user */
                                you: boolean;
                            }[];
                            /** @enum {string} */
                            object: "list";
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
                /** @description Credentials valid but not allowed here */
                403: {
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
    "/v1/team/members/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a member
         * @description Owners and admins manage (team:manage); an admin never grants, changes, removes or revokes the owner role (403 ROLE_NOT_ALLOWED); the last owner cannot be demoted or removed (409 LAST_OWNER). Session only. Ends every session of the member in this merchant and forgets their login device tokens. A member may remove themselves (leave) unless they are the last owner.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description user_… */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            deleted: true;
                            id: string;
                            /** @enum {string} */
                            object: "team_member";
                            sessions_ended: number;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
            };
        };
        options?: never;
        head?: never;
        /**
         * Change a member’s role
         * @description Owners and admins manage (team:manage); an admin never grants, changes, removes or revokes the owner role (403 ROLE_NOT_ALLOWED); the last owner cannot be demoted or removed (409 LAST_OWNER). Session only. Ownership transfer: make another member an owner, then the former owner may step down. The member’s sessions act with the new role from their next request.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description user_… */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        role: "owner" | "admin" | "developer" | "read_only";
                    };
                };
            };
            responses: {
                /** @description A person who belongs to this merchant, with their role here */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            email: string | null;
                            /** @description user_… (the person; the same id in every merchant they belong to) */
                            id: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            joined_at: string;
                            /** @enum {string} */
                            object: "team_member";
                            /** @enum {string} */
                            role: "owner" | "admin" | "developer" | "read_only";
                            /** @description True for the signed-in user */
                            you: boolean;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
            };
        };
        trace?: never;
    };
    "/v1/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * On-chain movements observed for the merchant’s payments
         * @description Newest first; `has_more` and `next_cursor` page through all of them (pass it as `cursor`). type payment: a Transfer to a deposit address (any token; official=false for foreign tokens, whose amount is shown in base units only). type settlement: a transfer from a deposit address into the vault. type refund: a transfer from the vault to a refund request’s recipient (refund_request_id). confirmations, final and removed (orphaned by a reorg) as the watcher last saw them.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Opaque: the next_cursor of the previous page */
                    cursor?: string;
                    /** @description 1 to 100; default 20 */
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
    "/v1/vaults/{network}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set the vault of a network, proven by its signature
         * @description The address every new deposit address of this network (and environment) commits to. Existing intents keep the vault they were created with: their deposit addresses can pay nothing else. Owner only. A vault belongs to whoever proves it: send `message` (the text of GET /v1/vaults/{network}/challenge) and `signature`, the address's EIP-191 signature of it (a smart-contract wallet's is checked with EIP-1271 on that network). Without them the request is refused (400 VAULT_PROOF_REQUIRED) unless it changes nothing (a vault set before proofs existed stays, shown with verified: false until proven). 400 VAULT_PROOF_INVALID for a message that is not this merchant's, network's, address's or environment's, is older than 7 days, or a signature the wallet refuses; 400 VAULT_PROOF_WRONG_SIGNER when another account signed; 409 VAULT_ADDRESS_TAKEN when another merchant has proven the address on this network and environment. The address is refused (400 VAULT_ADDRESS_REJECTED) when it is an official token contract or the deposit factory of the network, or when it has code on that network (read with eth_getCode) and `smart_contract_wallet` is not true; a declared smart-contract wallet that answers ERC-20 totalSupply() is refused too. A mixed-case address must carry a correct EIP-55 checksum (400 VALIDATION_FAILED otherwise); all lowercase is accepted. 503 SERVICE_UNAVAILABLE when the chain cannot be read.
         */
        put: {
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
                        /** @description 0x followed by 40 hex digits: EIP-55 checksummed, or all lowercase */
                        address: string;
                        /** @description The vault proof text of GET /v1/vaults/{network}/challenge, unchanged */
                        message?: string;
                        /** @description The address's signature of `message`: 65 bytes (EIP-191 personal_sign) for an account; what the wallet's EIP-1271 isValidSignature accepts (EIP-6492 wrapped when not deployed yet) for a smart-contract wallet */
                        signature?: string;
                        /**
                         * @description true declares the address a smart-contract wallet (a multisig or smart account that can send tokens): required for an address with code. Default false: the address must be an account without code.
                         * @default false
                         */
                        smart_contract_wallet?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
        post?: never;
        /**
         * Remove the vault of a network
         * @description New intents on this network then answer 400 VAULT_NOT_CONFIGURED. Existing intents are unaffected.
         */
        delete: {
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
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/vaults/{network}/challenge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The message a vault address signs to prove it
         * @description The exact text the address signs (EIP-191 personal_sign; a smart-contract wallet signs it through EIP-1271) before PUT /v1/vaults/{network} takes it as the vault: it names this deployment, the address, the merchant, the network and its chain id, the environment and the time it was issued. Send it unchanged with the signature within 7 days. It is bound to this merchant: another merchant sending it is refused. Nothing is stored.
         */
        get: {
            parameters: {
                query: {
                    /** @description 0x followed by 40 hex digits: EIP-55 checksummed, or all lowercase */
                    address: string;
                };
                header?: never;
                path: {
                    network: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description EIP-55 checksummed */
                            address: string;
                            chain_id: number;
                            /** Format: date-time */
                            expires_at: string;
                            /** Format: date-time */
                            issued_at: string;
                            livemode: boolean;
                            merchant_id: string;
                            /** @description Sign this exact text; send it back as `message` */
                            message: string;
                            network: string;
                            /** @enum {string} */
                            object: "vault_challenge";
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
                /** @description Credentials valid but not allowed here */
                403: {
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
    "/v1/webhook-deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Delivery log
         * @description Deliveries (one per event and endpoint), newest first, filtered by event, endpoint and status. The detail (GET /v1/webhook-deliveries/{id}) lists every attempt; POST /v1/webhook-deliveries/{id}/retry asks for one more attempt now.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Opaque: the next_cursor of the previous page */
                    cursor?: string;
                    endpoint_id?: string;
                    event_id?: string;
                    /** @description 1 to 100; default 20 */
                    limit?: number;
                    status?: "pending" | "succeeded" | "failed";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of deliveries */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                attempt_count: number;
                                /** @description Every attempt, oldest first (detail only) */
                                attempts?: {
                                    /** @description 1, 2, … per delivery */
                                    attempt: number;
                                    /** @description Why it failed (HTTP status, timeout, refused address, redirect not followed …); null on success */
                                    error: string | null;
                                    latency_ms: number | null;
                                    /** @description Asked for with POST /v1/webhook-deliveries/{id}/retry */
                                    manual: boolean;
                                    /** @description First bytes of the answer (≤ 1 KiB) */
                                    response_excerpt: string | null;
                                    /**
                                     * Format: date-time
                                     * @description ISO 8601 UTC timestamp
                                     */
                                    started_at: string;
                                    /** @description null: no answer */
                                    status_code: number | null;
                                }[];
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC timestamp
                                 */
                                created_at: string;
                                endpoint_id: string;
                                /** @description evt_…: the `id` of the event body, the same on every attempt */
                                event_id: string;
                                event_type: string;
                                /** @description whd_… */
                                id: string;
                                last_attempt_at: string | null;
                                last_error: string | null;
                                last_status_code: number | null;
                                livemode: boolean;
                                /** @description Next automatic attempt (pending only) */
                                next_attempt_at: string | null;
                                /** @enum {string} */
                                object: "webhook_delivery";
                                /**
                                 * @description pending: retries scheduled; succeeded: an attempt got a 2xx; failed: all 9 attempts failed, or the endpoint was disabled or deleted first
                                 * @enum {string}
                                 */
                                status: "pending" | "succeeded" | "failed";
                                succeeded_at: string | null;
                                /** @description The endpoint’s URL now */
                                url: string;
                            }[];
                            has_more: boolean;
                            /** @description Pass as `cursor` to get the next (older) page; null on the last page */
                            next_cursor: string | null;
                            /** @enum {string} */
                            object: "list";
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
                /** @description Credentials valid but not allowed here */
                403: {
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
    "/v1/webhook-deliveries/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A delivery with every attempt */
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
                /** @description Delivery of one event to one endpoint */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            attempt_count: number;
                            /** @description Every attempt, oldest first (detail only) */
                            attempts?: {
                                /** @description 1, 2, … per delivery */
                                attempt: number;
                                /** @description Why it failed (HTTP status, timeout, refused address, redirect not followed …); null on success */
                                error: string | null;
                                latency_ms: number | null;
                                /** @description Asked for with POST /v1/webhook-deliveries/{id}/retry */
                                manual: boolean;
                                /** @description First bytes of the answer (≤ 1 KiB) */
                                response_excerpt: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC timestamp
                                 */
                                started_at: string;
                                /** @description null: no answer */
                                status_code: number | null;
                            }[];
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            created_at: string;
                            endpoint_id: string;
                            /** @description evt_…: the `id` of the event body, the same on every attempt */
                            event_id: string;
                            event_type: string;
                            /** @description whd_… */
                            id: string;
                            last_attempt_at: string | null;
                            last_error: string | null;
                            last_status_code: number | null;
                            livemode: boolean;
                            /** @description Next automatic attempt (pending only) */
                            next_attempt_at: string | null;
                            /** @enum {string} */
                            object: "webhook_delivery";
                            /**
                             * @description pending: retries scheduled; succeeded: an attempt got a 2xx; failed: all 9 attempts failed, or the endpoint was disabled or deleted first
                             * @enum {string}
                             */
                            status: "pending" | "succeeded" | "failed";
                            succeeded_at: string | null;
                            /** @description The endpoint’s URL now */
                            url: string;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
    "/v1/webhook-deliveries/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retry a delivery now
         * @description Schedules one attempt at once, whatever the status (a succeeded delivery is sent again with the same event id). It runs within seconds; its outcome appears in the attempts. A success ends the automatic schedule; a failure leaves it as it was. Asking again before it ran asks for the same attempt. A disabled or deleted endpoint answers 409 WEBHOOK_ENDPOINT_DISABLED.
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
            requestBody?: never;
            responses: {
                /** @description Delivery of one event to one endpoint */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            attempt_count: number;
                            /** @description Every attempt, oldest first (detail only) */
                            attempts?: {
                                /** @description 1, 2, … per delivery */
                                attempt: number;
                                /** @description Why it failed (HTTP status, timeout, refused address, redirect not followed …); null on success */
                                error: string | null;
                                latency_ms: number | null;
                                /** @description Asked for with POST /v1/webhook-deliveries/{id}/retry */
                                manual: boolean;
                                /** @description First bytes of the answer (≤ 1 KiB) */
                                response_excerpt: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC timestamp
                                 */
                                started_at: string;
                                /** @description null: no answer */
                                status_code: number | null;
                            }[];
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            created_at: string;
                            endpoint_id: string;
                            /** @description evt_…: the `id` of the event body, the same on every attempt */
                            event_id: string;
                            event_type: string;
                            /** @description whd_… */
                            id: string;
                            last_attempt_at: string | null;
                            last_error: string | null;
                            last_status_code: number | null;
                            livemode: boolean;
                            /** @description Next automatic attempt (pending only) */
                            next_attempt_at: string | null;
                            /** @enum {string} */
                            object: "webhook_delivery";
                            /**
                             * @description pending: retries scheduled; succeeded: an attempt got a 2xx; failed: all 9 attempts failed, or the endpoint was disabled or deleted first
                             * @enum {string}
                             */
                            status: "pending" | "succeeded" | "failed";
                            succeeded_at: string | null;
                            /** @description The endpoint’s URL now */
                            url: string;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description Newest first; deleted endpoints are not listed.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Opaque: the next_cursor of the previous page */
                    cursor?: string;
                    /** @description 1 to 100; default 20 */
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of webhook endpoints */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC timestamp
                                 */
                                created_at: string;
                                description: string | null;
                                disabled_at: string | null;
                                disabled_reason: ("manual" | "failing") | null;
                                enabled_events: string[];
                                /** @description Start of the current run of failed attempts; null after a success */
                                failing_since: string | null;
                                /** @description we_… */
                                id: string;
                                livemode: boolean;
                                /** @enum {string} */
                                object: "webhook_endpoint";
                                /** @description Until then the previous secret signs too (a second v1); null outside an overlap */
                                previous_secret_expires_at: string | null;
                                secret_rotated_at: string | null;
                                /** @enum {string} */
                                status: "enabled" | "disabled";
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC timestamp
                                 */
                                updated_at: string;
                                url: string;
                            }[];
                            has_more: boolean;
                            /** @description Pass as `cursor` to get the next (older) page; null on the last page */
                            next_cursor: string | null;
                            /** @enum {string} */
                            object: "list";
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
                /** @description Credentials valid but not allowed here */
                403: {
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
            };
        };
        put?: never;
        /**
         * Register a webhook endpoint
         * @description Events of the key’s environment whose type is in `enabled_events` are POSTed to `url`, signed with the endpoint secret returned here once (`secret`). A URL the SSRF guard refuses answers 400 WEBHOOK_URL_REJECTED; more than the per-environment maximum 409 WEBHOOK_ENDPOINT_LIMIT. Needs webhooks:manage.
         */
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
                        description?: string;
                        /** @description Types delivered to the endpoint */
                        enabled_events: ("payment.detected" | "payment.confirmed" | "payment.completed" | "payment.underpaid" | "payment.overpaid" | "payment.expired" | "payment.late" | "payment.invalid_asset" | "settlement.submitted" | "settlement.completed" | "settlement.failed" | "payment.reversed" | "settlement.reversed" | "refund.requested" | "refund.cancelled" | "refund.completed" | "payment.underpayment_accepted" | "invoice.paid" | "*")[];
                        /** @description Live mode: https, and the host must resolve only to public addresses. Test mode: http or https; loopback (localhost) only on deployments that allow it (the dev profile). Checked now and before every delivery. No credentials or fragment. */
                        url: string;
                    };
                };
            };
            responses: {
                /** @description The new endpoint, with its secret */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            created_at: string;
                            description: string | null;
                            disabled_at: string | null;
                            disabled_reason: ("manual" | "failing") | null;
                            enabled_events: string[];
                            /** @description Start of the current run of failed attempts; null after a success */
                            failing_since: string | null;
                            /** @description we_… */
                            id: string;
                            livemode: boolean;
                            /** @enum {string} */
                            object: "webhook_endpoint";
                            /** @description Until then the previous secret signs too (a second v1); null outside an overlap */
                            previous_secret_expires_at: string | null;
                            /** @description whsec_…: the signing secret. Shown only in this response; store it now (HMAC key, as UTF-8). */
                            secret: string;
                            secret_rotated_at: string | null;
                            /** @enum {string} */
                            status: "enabled" | "disabled";
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            updated_at: string;
                            url: string;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
    "/v1/webhook-endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a webhook endpoint
         * @description Another merchant’s or environment’s id, or a deleted endpoint, answers 404.
         */
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
                /** @description Webhook endpoint (the secret is never shown again after create and rotate-secret) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            created_at: string;
                            description: string | null;
                            disabled_at: string | null;
                            disabled_reason: ("manual" | "failing") | null;
                            enabled_events: string[];
                            /** @description Start of the current run of failed attempts; null after a success */
                            failing_since: string | null;
                            /** @description we_… */
                            id: string;
                            livemode: boolean;
                            /** @enum {string} */
                            object: "webhook_endpoint";
                            /** @description Until then the previous secret signs too (a second v1); null outside an overlap */
                            previous_secret_expires_at: string | null;
                            secret_rotated_at: string | null;
                            /** @enum {string} */
                            status: "enabled" | "disabled";
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            updated_at: string;
                            url: string;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Nothing more is delivered to it; pending deliveries end as failed. Its deliveries stay in the log.
         */
        delete: {
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
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            deleted: true;
                            id: string;
                            /** @enum {string} */
                            object: "webhook_endpoint";
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
                /** @description Credentials valid but not allowed here */
                403: {
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
            };
        };
        options?: never;
        head?: never;
        /**
         * Update a webhook endpoint
         * @description Changes any of url (checked like at registration), enabled_events, description (null clears it) and status. `status: disabled` stops deliveries (pending ones end as failed); `status: enabled` resumes them for new events and clears the failure record, also after Tender disabled a failing endpoint.
         */
        patch: {
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
                        description?: string | null;
                        /** @description Types delivered to the endpoint */
                        enabled_events?: ("payment.detected" | "payment.confirmed" | "payment.completed" | "payment.underpaid" | "payment.overpaid" | "payment.expired" | "payment.late" | "payment.invalid_asset" | "settlement.submitted" | "settlement.completed" | "settlement.failed" | "payment.reversed" | "settlement.reversed" | "refund.requested" | "refund.cancelled" | "refund.completed" | "payment.underpayment_accepted" | "invoice.paid" | "*")[];
                        /** @enum {string} */
                        status?: "enabled" | "disabled";
                        /** @description Live mode: https, and the host must resolve only to public addresses. Test mode: http or https; loopback (localhost) only on deployments that allow it (the dev profile). Checked now and before every delivery. No credentials or fragment. */
                        url?: string;
                    };
                };
            };
            responses: {
                /** @description Webhook endpoint (the secret is never shown again after create and rotate-secret) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            created_at: string;
                            description: string | null;
                            disabled_at: string | null;
                            disabled_reason: ("manual" | "failing") | null;
                            enabled_events: string[];
                            /** @description Start of the current run of failed attempts; null after a success */
                            failing_since: string | null;
                            /** @description we_… */
                            id: string;
                            livemode: boolean;
                            /** @enum {string} */
                            object: "webhook_endpoint";
                            /** @description Until then the previous secret signs too (a second v1); null outside an overlap */
                            previous_secret_expires_at: string | null;
                            secret_rotated_at: string | null;
                            /** @enum {string} */
                            status: "enabled" | "disabled";
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            updated_at: string;
                            url: string;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
            };
        };
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the signing secret
         * @description Returns a new secret once. For `overlap_seconds` (default 86400, max 604800; 0 = none) the previous secret keeps signing too: each delivery carries two v1 signatures, newest first, so receivers can switch secrets without rejecting a delivery. Rotating again during an overlap retires the older secret.
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
                        /** @default 86400 */
                        overlap_seconds?: number;
                    };
                };
            };
            responses: {
                /** @description The endpoint, with its new secret */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            created_at: string;
                            description: string | null;
                            disabled_at: string | null;
                            disabled_reason: ("manual" | "failing") | null;
                            enabled_events: string[];
                            /** @description Start of the current run of failed attempts; null after a success */
                            failing_since: string | null;
                            /** @description we_… */
                            id: string;
                            livemode: boolean;
                            /** @enum {string} */
                            object: "webhook_endpoint";
                            /** @description Until then the previous secret signs too (a second v1); null outside an overlap */
                            previous_secret_expires_at: string | null;
                            /** @description whsec_…: the signing secret. Shown only in this response; store it now (HMAC key, as UTF-8). */
                            secret: string;
                            secret_rotated_at: string | null;
                            /** @enum {string} */
                            status: "enabled" | "disabled";
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            updated_at: string;
                            url: string;
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
                /** @description Credentials valid but not allowed here */
                403: {
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
    "/v1/webhook-endpoints/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event to an endpoint
         * @description Sends one event of type `test` (data.object: the endpoint's id, url and description) to this endpoint only, signed and retried like any event, whatever the endpoint subscribes to. Answers the delivery at once; its attempts appear in GET /v1/webhook-deliveries/{id} within seconds. Each request is a new event id. Test events are never listed by GET /v1/events nor streamed. A disabled endpoint answers 409 WEBHOOK_ENDPOINT_DISABLED.
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
            requestBody?: never;
            responses: {
                /** @description Delivery of one event to one endpoint */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            attempt_count: number;
                            /** @description Every attempt, oldest first (detail only) */
                            attempts?: {
                                /** @description 1, 2, … per delivery */
                                attempt: number;
                                /** @description Why it failed (HTTP status, timeout, refused address, redirect not followed …); null on success */
                                error: string | null;
                                latency_ms: number | null;
                                /** @description Asked for with POST /v1/webhook-deliveries/{id}/retry */
                                manual: boolean;
                                /** @description First bytes of the answer (≤ 1 KiB) */
                                response_excerpt: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC timestamp
                                 */
                                started_at: string;
                                /** @description null: no answer */
                                status_code: number | null;
                            }[];
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            created_at: string;
                            endpoint_id: string;
                            /** @description evt_…: the `id` of the event body, the same on every attempt */
                            event_id: string;
                            event_type: string;
                            /** @description whd_… */
                            id: string;
                            last_attempt_at: string | null;
                            last_error: string | null;
                            last_status_code: number | null;
                            livemode: boolean;
                            /** @description Next automatic attempt (pending only) */
                            next_attempt_at: string | null;
                            /** @enum {string} */
                            object: "webhook_delivery";
                            /**
                             * @description pending: retries scheduled; succeeded: an attempt got a 2xx; failed: all 9 attempts failed, or the endpoint was disabled or deleted first
                             * @enum {string}
                             */
                            status: "pending" | "succeeded" | "failed";
                            succeeded_at: string | null;
                            /** @description The endpoint’s URL now */
                            url: string;
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
                /** @description Credentials valid but not allowed here */
                403: {
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

/** Every payment status: the choices of the `status` filter of GET /v1/payments. */
export const PAYMENT_STATUSES = ["CREATED", "AWAITING_PAYMENT", "DETECTED", "CONFIRMING", "PAID", "OVERPAID", "SETTLEMENT_PENDING", "SETTLED", "EXPIRED", "UNDERPAID", "LATE_PAYMENT", "INVALID_ASSET", "SETTLEMENT_FAILED", "REFUND_REQUESTED", "PARTIALLY_REFUNDED", "REFUNDED"] as const satisfies readonly NonNullable<NonNullable<paths['/v1/payments']['get']['parameters']['query']>['status']>[];
/** Every event type a webhook endpoint can subscribe to (besides "*", all of them). */
export const WEBHOOK_EVENT_TYPES = ["payment.detected", "payment.confirmed", "payment.completed", "payment.underpaid", "payment.overpaid", "payment.expired", "payment.late", "payment.invalid_asset", "settlement.submitted", "settlement.completed", "settlement.failed", "payment.reversed", "settlement.reversed", "refund.requested", "refund.cancelled", "refund.completed", "payment.underpayment_accepted", "invoice.paid"] as const satisfies readonly paths['/v1/webhook-endpoints']['post']['requestBody']['content']['application/json']['enabled_events'][number][];
