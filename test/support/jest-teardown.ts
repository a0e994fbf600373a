import { rmSync } from 'node:fs';

import { TEST_USER_FOLDER } from './jest-setup';

export default function teardown() {
	rmSync(TEST_USER_FOLDER, { recursive: true, force: true });
}
