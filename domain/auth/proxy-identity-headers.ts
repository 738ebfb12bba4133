// The identity headers an authenticating proxy may set (AUTH_MODE=proxy): the settings accept one of them
// (AUTH_PROXY_HEADER), and without one the principal resolver reads all three when they agree.
export const PROXY_IDENTITY_HEADERS = ['x-authenticated-user', 'x-auth-request-user', 'remote-user'] as const;
