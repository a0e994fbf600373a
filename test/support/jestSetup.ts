import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { oneConnectionPerRequest } from './httpClients';
import { shiftDate, testStartMs } from './testNow';

// n8n keeps its instance settings and binary store under N8N_USER_FOLDER (the home folder by
// default). jest-global-setup makes one throwaway folder per run; a test file run without it
// (an IDE runner, say) gets one of its own process.
if (!process.env.N8N_USER_FOLDER) {
	const folder = join(tmpdir(), `n8n-nodes-workforce-jest-${process.pid}`);
	mkdirSync(folder, { recursive: true });
	process.env.N8N_USER_FOLDER = folder;
}

// Every test file starts at one fixed instant unless WF_TEST_NOW says otherwise (testNow.ts), and
// a developer's WORKFORCE_EMULATOR_CLOCK never reaches a test (the tests that read it set it).
delete process.env.WORKFORCE_EMULATOR_CLOCK;
const startMs = testStartMs();
if (startMs !== undefined) shiftDate(startMs);

// Every HTTP client of the tests: a connection per request, no kept-alive race (httpClients.ts).
oneConnectionPerRequest();
