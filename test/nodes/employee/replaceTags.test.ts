import { newId } from '../../emulator/core/ids';
import type { TagAssignment } from '../../emulator/integration/people';
import { jsonOf } from '../../harness/execute';
import { callsOf, runOperation, useEmulator } from '../../support/emulatorFixture';
import { byNumber, newPerson, PEOPLE, person } from '../../support/people';

describe('Employee > Replace Tags', () => {
	const fx = useEmulator();
	const t = PEOPLE.tags;
	/** A person of this case alone, holding these assignments: [tag id, from, to]. */
	const personWithTags = (...assignments: Array<[string, string | null, string | null]>) => {
		const fresh = newPerson(fx);
		const definitions = fx.emulator.ctx.sections.people.tagDefinitionsOf(fresh.companyId);
		fresh.tags.push(
			...assignments.map(([tagId, applicableFromDate, applicableToDate]): TagAssignment => {
				const { name, isPayrollTag } = definitions.find((d) => d.id === tagId)!;
				return {
					userTagId: newId(),
					tagId,
					tagName: name,
					isPayrollTag,
					applicableFromDate,
					applicableToDate,
				};
			}),
		);
		return fresh;
	};

	it('sends the assignments as an array and returns added, updated, removed and current tags', async () => {
		const [crane, night2024] = person(fx, PEOPLE.tagged).tags;
		const result = await runOperation(fx, 'employee', 'replaceTags', {
			employee: byNumber(PEOPLE.tagged),
			tags: {
				assignment: [
					{
						userTagId: night2024.userTagId,
						tagId: t.nightShift,
						applicableFromDate: '2024-01-01T00:00:00',
						applicableToDate: '30.06.2024',
					},
					{ tagId: t.nightShift, applicableFromDate: '2025-01-01' },
					{ tagName: 'First aid' },
				],
			},
		});
		expect(result.error).toBeUndefined();
		const [diff] = jsonOf(result) as Array<Record<string, any>>;
		expect(diff.added).toEqual([
			expect.objectContaining({ tagId: t.firstAid, tagName: 'First aid', isPayrollTag: false }),
		]);
		expect(diff.updated).toEqual([
			expect.objectContaining({
				userTagId: night2024.userTagId,
				applicableToDate: '2024-06-30T00:00:00Z',
			}),
		]);
		expect(diff.removed).toEqual([expect.objectContaining({ userTagId: crane.userTagId })]);
		expect(diff.currentTags).toHaveLength(3);
		const [put] = fx.apiRequests();
		expect(callsOf(fx)).toEqual([`PUT /api/v5/integration/employees/${PEOPLE.tagged}/tags 200`]);
		expect(put.body).toEqual([
			{
				userTagId: night2024.userTagId,
				tagId: t.nightShift,
				applicableFromDate: '2024-01-01',
				applicableToDate: '2024-06-30',
			},
			{ tagId: t.nightShift, applicableFromDate: '2025-01-01' },
			{ tagName: 'First aid' },
		]);
	});

	it('sending the same set again changes nothing', async () => {
		// Its own person with tags like the seeded one's (the case above changes those).
		const { employeeNumber, tags: current } = personWithTags(
			[t.crane, null, null],
			[t.nightShift, '2024-01-01', '2024-12-31'],
			[t.nightShift, '2025-01-01', null],
		);
		const result = await runOperation(fx, 'employee', 'replaceTags', {
			employee: byNumber(employeeNumber),
			tags: {
				assignment: current.map((a) => ({
					userTagId: a.userTagId,
					tagId: a.tagId,
					applicableFromDate: a.applicableFromDate ?? '',
					applicableToDate: a.applicableToDate ?? '',
				})),
			},
		});
		const [diff] = jsonOf(result) as Array<Record<string, any>>;
		expect(diff).toMatchObject({ added: [], updated: [], removed: [] });
		expect(diff.currentTags).toHaveLength(3);
		expect(fx.apiRequests()[0].body).toHaveLength(3);
	});

	it('payroll tags may repeat only without overlap', async () => {
		const { employeeNumber } = newPerson(fx);
		const result = await runOperation(fx, 'employee', 'replaceTags', {
			employee: byNumber(employeeNumber),
			tags: {
				assignment: [
					{
						tagId: t.hazardPay,
						applicableFromDate: '2025-01-01',
						applicableToDate: '2025-06-30',
					},
					{ tagId: t.hazardPay, applicableFromDate: '2025-07-01' },
				],
			},
		});
		expect(result.error).toBeUndefined();
		expect((jsonOf(result)[0] as Record<string, any>).added).toHaveLength(2);
		expect(fx.apiRequests()[0].status).toBe(200);
	});

	it('an empty list is refused unless Remove All Tags is on', async () => {
		const { employeeNumber } = personWithTags(
			[t.hazardPay, '2025-01-01', '2025-06-30'],
			[t.firstAid, null, null],
		);
		const refused = await runOperation(fx, 'employee', 'replaceTags', {
			employee: byNumber(employeeNumber),
			tags: {},
		});
		expect(refused.error?.message).toBe('No tags given');
		expect(fx.apiRequests()).toEqual([]);
		const result = await runOperation(fx, 'employee', 'replaceTags', {
			employee: byNumber(employeeNumber),
			tags: {},
			removeAllTags: true,
		});
		expect((jsonOf(result)[0] as Record<string, any>).removed).toHaveLength(2);
		expect(fx.apiRequests()).toEqual([
			expect.objectContaining({ method: 'PUT', body: [], status: 200 }),
		]);
	});
});
