import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// n8n keeps its instance settings and binary store under N8N_USER_FOLDER (the home folder by
// default). jest-global-setup makes one throwaway folder per run; a test file run without it
// (an IDE runner, say) gets one of its own process.
if (!process.env.N8N_USER_FOLDER) {
	const folder = join(tmpdir(), `n8n-nodes-workforce-jest-${process.pid}`);
	mkdirSync(folder, { recursive: true });
	process.env.N8N_USER_FOLDER = folder;
}
