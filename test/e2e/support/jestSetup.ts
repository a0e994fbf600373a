import { oneConnectionPerRequest } from '../../support/httpClients';

// Every HTTP client of the e2e tests: a connection per request (test/support/httpClients.ts).
oneConnectionPerRequest();
