// The console's client: the same typed openapi-fetch client as the employee app, on the
// HttpOnly `auth-token` cookie that admin login sets (no token in JavaScript). The service's
// same-origin rules for cookie sessions guard every change it makes.
import { createApi } from '../api/client.ts';

export { ApiError, newIdempotencyKey, unwrap } from '../api/client.ts';

export const api = createApi();
