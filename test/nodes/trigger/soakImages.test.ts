import { pollTrigger } from '../../support/armedTrigger';
import { DEMO, useEmulator } from '../../support/emulatorFixture';
import { useFakeDate } from '../../support/fakeDate';
import { single } from '../../support/query';
import { emittedFigures, firedSince, rng } from '../../support/soak';

const PATH = '/v1/images';
const SEC = 1000;
const MIN = 60 * SEC;
const SOURCES = ['feed', 'alert', 'checklist'] as const;

describe('Workforce Trigger > Soak: images added across three sources, each row exactly once', () => {
	const clock = useFakeDate();
	const fx = useEmulator();
	const images = () => fx.emulator.ctx.sections.images;

	it('80 polls with new parents and images, parent edits, removals and injected faults', async () => {
		const random = rng(4242);
		const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)];
		const projects = fx.emulator.ctx.sections.projects.list(DEMO.companies.parent).slice(0, 2);
		const trigger = pollTrigger(fx, {
			event: 'image',
			options: { pageSize: 2, retries: 3, retryDelayMs: 1, timeout: 1000 },
		});
		await trigger.tick();
		const parents: string[] = [];
		const rowKey = (imageId: string, parentId: string) => `${imageId}|${parentId}`;
		/** Row -> ticks at which it existed (its first sighting is what must be emitted). */
		const present = new Map<string, number[]>();
		const emitted = new Map<string, number>();
		const firedBefore = { ...fx.emulator.ctx.faults.fired };
		const counts = {
			parents: 0,
			images: 0,
			attachments: 0,
			parentEdits: 0,
			removals: 0,
			failedPolls: 0,
		};
		const successful = new Set<number>();
		const polls = 80;

		for (let tick = 1; tick <= polls + 2; tick++) {
			const quiet = tick > polls;
			clock.advance(quiet ? 11 * MIN : Math.floor(20 * SEC + random() * 100 * SEC));
			if (!quiet) {
				for (let i = Math.floor(random() * 4); i > 0; i--) {
					const roll = random();
					if (roll < 0.25 || parents.length < 3) {
						const parent = images().addParent({
							source: pick([...SOURCES]),
							projectId: pick(projects).id,
						});
						parents.push(parent.id);
						counts.parents++;
					} else if (roll < 0.6) {
						const targets = random() < 0.3 ? [pick(parents), pick(parents)] : [pick(parents)];
						images().addImage([...new Set(targets)]);
						counts.images++;
					} else if (roll < 0.72) {
						const candidates = images()
							.allImages()
							.filter((img) => parents.some((p) => images().parent(p)?.imageIds.includes(img.id)));
						if (candidates.length) {
							const target = pick(parents);
							images().attachImage(pick(candidates).id, target);
							counts.attachments++;
						}
					} else if (roll < 0.9) {
						// Edit any parent, also long after its rows were emitted: they come back, not as new.
						if (parents.length) {
							const target = pick(parents);
							images().modifyParent(target, { originDescription: `edited ${tick}` });
							counts.parentEdits++;
						}
					} else {
						const candidates = images()
							.allImages()
							.filter((img) => parents.some((p) => images().parent(p)?.imageIds.includes(img.id)));
						if (candidates.length) {
							images().removeImage(pick(candidates).id);
							counts.removals++;
						}
					}
				}
				const fault = random();
				const skip = Math.floor(random() * 4);
				const faults = fx.emulator.ctx.faults;
				if (fault < 0.1)
					faults.add({
						api: 'extraction',
						path: PATH,
						skip,
						count: 1 + Math.floor(random() * 2),
						action: { kind: 'status', status: 500 },
					});
				else if (fault < 0.16)
					faults.add({ api: 'extraction', path: PATH, skip, action: { kind: 'drop' } });
				else if (fault < 0.22)
					faults.add({ api: 'extraction', path: PATH, skip, action: { kind: 'expireTokens' } });
				else if (fault < 0.27)
					faults.add({
						api: 'extraction',
						path: PATH,
						skip,
						count: 4,
						action: { kind: 'status', status: 503 },
					});
			}
			for (const p of parents) {
				for (const imageId of images().parent(p)?.imageIds ?? []) {
					const key = rowKey(imageId, p);
					present.set(key, [...(present.get(key) ?? []), tick]);
				}
			}
			const result = await trigger.tick();
			fx.emulator.ctx.faults.clear();
			if (result.error) counts.failedPolls++;
			else successful.add(tick);
			for (const item of result.items) {
				const key = rowKey(String(item.json.id), String(item.json.idRef));
				emitted.set(key, (emitted.get(key) ?? 0) + 1);
				expect(item.json).toMatchObject({
					event: 'added',
					source: expect.stringMatching(/^(feed|alert|checklist)$/),
				});
			}
		}

		let required = 0;
		let lost = 0;
		for (const [key, ticks] of present) {
			if (!ticks.some((t) => successful.has(t))) continue;
			required++;
			if (!emitted.has(key)) lost++;
		}
		const faults = firedSince(fx.emulator.ctx.faults.fired, firedBefore);
		const requests = fx
			.apiRequests()
			.filter((r) => r.path === PATH)
			.map((r) => single(r.query));
		const continued = requests.filter((q) => q.ContinuationToken).length;
		const figures = {
			polls: polls + 3,
			...counts,
			rows: present.size,
			required,
			lost,
			...emittedFigures(emitted, present),
			faults,
			requests: requests.length,
			continued,
		};
		console.log(`Trigger soak (images): ${JSON.stringify(figures)}`);
		expect(figures).toMatchObject({ lost: 0, duplicated: 0, unexpected: 0 });
		expect(required).toBeGreaterThan(60);
		expect(counts.parentEdits).toBeGreaterThan(5);
		expect(counts.failedPolls).toBeGreaterThan(0);
		expect(continued).toBeGreaterThan(polls);
	});
});
