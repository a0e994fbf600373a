import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// n8n keeps its instance settings and binary store under N8N_USER_FOLDER (the home folder by
// default): the tests use a throwaway one, removed by jest-teardown. One per checkout: several
// worktrees testing at once must not remove each other's binary store in their teardown.
const checkout = createHash('sha256').update(join(__dirname, '..', '..')).digest('hex').slice(0, 12);
export const TEST_USER_FOLDER = join(tmpdir(), `n8n-nodes-workforce-jest-${checkout}`);

if (!process.env.N8N_USER_FOLDER) {
	mkdirSync(TEST_USER_FOLDER, { recursive: true });
	process.env.N8N_USER_FOLDER = TEST_USER_FOLDER;
}
