/** The suites' admin: the server under test makes this address an admin at start (ADMIN_EMAIL). */
export const ADMIN_EMAIL = 'admin@e2e.test';
