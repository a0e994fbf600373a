import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useEmulator } from '../../support/emulatorFixture';
import { useFakeDate } from '../../support/fakeDate';
import { armedTrigger, pagesOf } from '../../support/armedTrigger';

const PATH = '/v1/time-registrations';

/**
 * A Workforce Trigger saved before version 1.1 keeps its parameters as they were: Request Timeout
 * in seconds (`timeoutSeconds`), Retry Delay in ms (`retryDelayMs`), Page Size (`pageSize`, now
 * shown as Chunk Limit). It must run unchanged; version 1.1 reads the timeout in ms (`timeout`).
 */
describe('Workforce Trigger > a workflow saved with version 1', () => {
	const clock = useFakeDate();
	const fx = useEmulator({ workData: { timeRegistrations: 40 } });
	const pages = () => pagesOf(fx, PATH);

	/** Version 1's options as the editor saved them, every one set. */
	const savedOptions = {
		pageSize: 5,
		retries: 1,
		retryDelayMs: 1,
		// Far above any page's time on a loaded machine (0.5 s was not).
		timeoutSeconds: 30,
		overlapMinutes: 10,
		maxRemembered: 20000,
		maxChangesPerPoll: 10000,
	};

	const armed = (typeVersion: number, options: IDataObject) =>
		armedTrigger(fx, clock, options as INodeParameters, { typeVersion });

	it('emits every change once, in pages of its Page Size', async () => {
		const { trigger, ids } = await armed(1, savedOptions);
		const tick = await trigger.tick();
		expect(tick.error).toBeUndefined();
		expect(tick.items.map((i) => i.json.id).sort()).toEqual([...ids].sort());
		expect(pages().map((r) => r.query.ChunkLimit)).toEqual(['5', '5', '5']);
		expect((await trigger.tick()).items).toHaveLength(0);
	});

	it('reads its Request Timeout in seconds: a page answering after 300 ms is waited for (30 s, not 30 ms)', async () => {
		// Read as ms the page is given up long before it comes; read as seconds no page comes near it.
		const { trigger, ids } = await armed(1, { ...savedOptions, retries: 0 });
		fx.emulator.ctx.faults.add({
			api: 'extraction',
			path: PATH,
			action: { kind: 'delay', ms: 300 },
		});
		const tick = await trigger.tick();
		expect(tick.error).toBeUndefined();
		expect(tick.items).toHaveLength(ids.length);
		expect(pages()[0].fault).toBe('delay');
	});

	it('version 1.1 reads Request Timeout in milliseconds (`timeout`), as the Workforce node does', async () => {
		// Read as ms, the held page is given up after 5 s (room for a request to arrive on a machine
		// at load 20; 0.5 s was not); read as seconds, the poll would hang and the test time out.
		const { trigger } = await armed(1.1, { pageSize: 5, retries: 0, timeout: 5_000 });
		fx.emulator.ctx.faults.add({ api: 'extraction', path: PATH, action: { kind: 'hold' } });
		const tick = await trigger.tick();
		expect(tick.error?.message).toContain('timed out');
		expect(pages()).toHaveLength(1);
	});

	it('version 1 gives up on a page that never answers after its timeout', async () => {
		// 5 s: a request arrives well within it on a loaded machine (0.2 s did not at load 20).
		const { trigger } = await armed(1, { ...savedOptions, retries: 0, timeoutSeconds: 5 });
		fx.emulator.ctx.faults.add({ api: 'extraction', path: PATH, action: { kind: 'hold' } });
		const tick = await trigger.tick();
		expect(tick.error?.message).toContain('timed out');
	});
});
