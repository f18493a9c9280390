/** Kept for the tests that import createUser from here (the fuzz and abuse tests): new tests use makeUser from ./factories. */
export { makeUser as createUser, type TestUser } from './factories';
