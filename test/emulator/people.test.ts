import { request } from 'undici';

import { tokenCache } from '../support/fetchToken';
import { newUserFields } from '../support/people';
import { DEMO, startEmulator, type Emulator } from '.';
import { addDays } from './integration/peopleRules';
import { PEOPLE } from './seed/people';

/** Contract tests: the emulator's users v4 / employees v5 rules, driven over HTTP. */
describe('Emulator: users v4 and employees v5', () => {
	let emulator: Emulator;
	const tokens = tokenCache();

	beforeEach(async () => {
		emulator = await startEmulator();
	});
	afterEach(async () => {
		await emulator.close();
	});

	const token = (client?: { clientId: string; clientSecret: string }) => tokens(emulator, client);

	async function call(
		method: string,
		path: string,
		body?: unknown,
		client?: { clientId: string; clientSecret: string },
	) {
		const res = await request(`${emulator.urls.integration}${path}`, {
			method: method as 'GET',
			headers: {
				authorization: `Bearer ${await token(client)}`,
				'content-type': 'application/json',
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await res.body.text();
		return { status: res.statusCode, body: text ? (JSON.parse(text) as any) : undefined };
	}

	const enc = encodeURIComponent;
	const v5 = (n: string, tail = '') => `/api/v5/integration/employees/${enc(n)}${tail}`;
	const fieldsOf = (body: any) =>
		(body.errors as Array<{ field: string; code: string }>).map((e) => e.field);
	const today = () => emulator.ctx.sections.people.today();

	const newEmployee = (over: Record<string, unknown> = {}) => ({
		employeeNumber: '8001',
		firstName: 'Jon',
		lastName: 'Berg',
		phone: '+4790000002',
		birthDate: '1991-03-04',
		employment: { startDate: '2025-01-01', payroll: 1 },
		...over,
	});

	describe('users v4', () => {
		it('creates a user, accepting both date formats, with an identityId that needs encoding', async () => {
			const res = await call(
				'POST',
				'/api/v4/integration/users',
				newUserFields({ tags: [{ key: 'shoe', value: '44' }], payroll: true }),
			);
			expect(res.status).toBe(201);
			expect(res.body).toMatchObject({
				employeeNumber: '7001',
				birthDate: '1990-02-01',
				employmentStartDate: '2024-01-15',
				mobileWork: '+4790000001',
				payroll: true,
				tags: [{ key: 'shoe', value: '44' }],
			});
			expect(res.body.identityId).not.toBe(enc(res.body.identityId));
			const back = await call(
				'GET',
				`/api/v4/integration/users/by-profile-id/${enc(res.body.companyProfileId)}`,
			);
			expect(back.body.identityId).toBe(res.body.identityId);
		});

		it.each([
			['birthDate', { birthDate: '1990/02/01' }],
			['birthDate', { birthDate: '31.02.1990' }],
			['employmentStartDate', { employmentStartDate: '2024-1-5' }],
			['mobileWork', { mobileWork: '91234567' }],
			['employeeNumber', { employeeNumber: PEOPLE.worker }],
			['firstName', { firstName: undefined }],
			['tags[0].key', { tags: [{ value: 'x' }] }],
		])('rejects a bad %s', async (field, over) => {
			const res = await call('POST', '/api/v4/integration/users', newUserFields(over));
			expect(res.status).toBe(400);
			expect(fieldsOf(res.body)).toContain(field);
		});

		it('keeps employee numbers unique per company only', async () => {
			const res = await call(
				'POST',
				'/api/v4/integration/users',
				newUserFields({
					companyId: DEMO.companies.other,
					employeeNumber: PEOPLE.otherCompany,
					mobileWork: '+4790000003',
				}),
				DEMO.clients.other,
			);
			expect(fieldsOf(res.body)).toEqual(['employeeNumber']);
			expect(res.status).toBe(400);
			const sub = await call(
				'POST',
				'/api/v4/integration/users',
				newUserFields({
					companyId: DEMO.companies.subsidiary,
					employeeNumber: PEOPLE.worker,
					mobileWork: '+4790000004',
				}),
			);
			expect(sub.status).toBe(201);
		});

		it('filters the list by companyId, employmentLookbackDays and changedSince', async () => {
			const all = await call('GET', '/api/v4/integration/users');
			const numbers = (r: any) =>
				(r.body as Array<{ employeeNumber: string }>).map((u) => u.employeeNumber);
			expect(numbers(all)).toEqual(
				expect.arrayContaining([PEOPLE.foreman, PEOPLE.longGone, PEOPLE.recentlyLeft]),
			);
			expect(numbers(all)).not.toContain(PEOPLE.subsidiaryOnly);
			const recent = await call('GET', '/api/v4/integration/users?employmentLookbackDays=30');
			expect(numbers(recent)).toContain(PEOPLE.recentlyLeft);
			expect(numbers(recent)).not.toContain(PEOPLE.longGone);
			const none = await call('GET', '/api/v4/integration/users?employmentLookbackDays=0');
			expect(numbers(none)).not.toContain(PEOPLE.recentlyLeft);
			const sub = await call(
				'GET',
				`/api/v4/integration/users?companyId=${DEMO.companies.subsidiary}`,
			);
			expect(numbers(sub)).toEqual(expect.arrayContaining([PEOPLE.subsidiaryOnly]));
			expect(
				(await call('GET', `/api/v4/integration/users?companyId=${DEMO.companies.other}`)).status,
			).toBe(403);
			const since = new Date(Date.now() + 1000).toISOString();
			emulator.ctx.clock.advance(5000);
			await call(
				'PATCH',
				`/api/v4/integration/users/${enc(emulator.ctx.sections.people.byNumber([DEMO.companies.parent], PEOPLE.worker)!.companyProfileId)}`,
				{ workTitle: 'Site lead' },
			);
			expect(
				numbers(await call('GET', `/api/v4/integration/users?changedSince=${enc(since)}`)),
			).toEqual([PEOPLE.worker]);
			expect((await call('GET', '/api/v4/integration/users?changedSince=yesterday')).status).toBe(
				400,
			);
			expect(
				(await call('GET', '/api/v4/integration/users?employmentLookbackDays=-1')).status,
			).toBe(400);
		});

		it('disables and enables with 204, replaces by identityId and patches by companyProfileId', async () => {
			const user = (
				await call('GET', `/api/v4/integration/users/by-employee-number/${PEOPLE.worker}`)
			).body;
			expect(
				(await call('PATCH', `/api/v4/integration/users/disable/${enc(user.companyProfileId)}`))
					.status,
			).toBe(204);
			expect(
				(await call('GET', `/api/v4/integration/users/by-profile-id/${enc(user.companyProfileId)}`))
					.body.isDisabled,
			).toBe(true);
			expect(
				(await call('PATCH', `/api/v4/integration/users/enable/${enc(user.companyProfileId)}`))
					.status,
			).toBe(204);
			const patched = await call(
				'PATCH',
				`/api/v4/integration/users/${enc(user.companyProfileId)}`,
				{ workTitle: 'Site lead', email: null },
			);
			expect(patched.body).toMatchObject({ workTitle: 'Site lead', firstName: 'Ola' });
			const replaced = await call('PUT', `/api/v4/integration/users/${enc(user.identityId)}`, {
				...newUserFields({
					employeeNumber: PEOPLE.worker,
					mobileWork: user.mobileWork,
					firstName: 'Ole',
				}),
				identityId: user.identityId,
				companyProfileId: user.companyProfileId,
			});
			expect(replaced.status).toBe(200);
			expect(replaced.body).toMatchObject({
				firstName: 'Ole',
				workTitle: null,
				employmentStartDate: '2024-01-15',
				birthDate: '1990-02-01',
			});
			const mismatch = await call('PUT', `/api/v4/integration/users/${enc(user.identityId)}`, {
				...newUserFields(),
				identityId: 'x',
				companyProfileId: user.companyProfileId,
			});
			expect(fieldsOf(mismatch.body)).toEqual(['identityId']);
		});

		it('deletes an identity (409 on a concurrent change, 400 when referenced, 404 when unknown)', async () => {
			const user = (
				await call('GET', `/api/v4/integration/users/by-employee-number/${PEOPLE.worker}`)
			).body;
			expect(
				(
					await call(
						'GET',
						`/api/v4/integration/users/is-identity-deletable/${enc(user.identityId)}`,
					)
				).body,
			).toBe(true);
			emulator.ctx.sections.people.simulateConcurrentChange(user.identityId);
			expect(
				(await call('DELETE', `/api/v4/integration/users/${enc(user.identityId)}`)).status,
			).toBe(409);
			expect(
				(await call('DELETE', `/api/v4/integration/users/${enc(user.identityId)}`)).status,
			).toBe(204);
			expect(
				(await call('DELETE', `/api/v4/integration/users/${enc(user.identityId)}`)).status,
			).toBe(404);
			const foreman = (
				await call('GET', `/api/v4/integration/users/by-employee-number/${PEOPLE.foreman}`)
			).body;
			expect(
				(
					await call(
						'GET',
						`/api/v4/integration/users/is-identity-deletable/${enc(foreman.identityId)}`,
					)
				).body,
			).toBe(false);
			expect(
				(await call('DELETE', `/api/v4/integration/users/${enc(foreman.identityId)}`)).status,
			).toBe(400);
		});
		it('links a new profile to the existing identity of the same phone (one login, several companies)', async () => {
			const res = await call(
				'POST',
				'/api/v4/integration/users',
				newUserFields({
					companyId: DEMO.companies.other,
					employeeNumber: '7002',
					mobileWork: '+4791234568',
				}),
				DEMO.clients.other,
			);
			expect(res.status).toBe(201);
			expect(res.body.identityId).toBe(
				emulator.ctx.sections.people.byNumber([DEMO.companies.parent], PEOPLE.worker)!.identityId,
			);
			const dup = await call(
				'POST',
				'/api/v4/integration/users',
				newUserFields({ employeeNumber: '7003', mobileWork: '+4791234568' }),
			);
			expect(dup.body.errors[0]).toMatchObject({
				field: 'mobileWork',
				code: 'DuplicatePhoneNumber',
			});
		});
	});

	describe('employees v5', () => {
		it('creates with a first employment (201) and keeps numbers unique across the structure', async () => {
			const res = await call('POST', '/api/v5/integration/employees', newEmployee());
			expect(res.status).toBe(201);
			expect(res.body).toMatchObject({
				employeeNumber: '8001',
				companyId: DEMO.companies.parent,
				employment: {
					startDate: '2025-01-01T00:00:00Z',
					payroll: 1,
					endDate: null,
					companyName: 'Nordlys Bygg AS',
				},
			});
			expect(res.body.tags).toBeUndefined();
			const dup = await call(
				'POST',
				'/api/v5/integration/employees',
				newEmployee({ employeeNumber: PEOPLE.subsidiaryOnly, phone: '+4790000005' }),
			);
			expect(dup.status).toBe(400);
			expect(dup.body.errors[0]).toMatchObject({
				field: 'employeeNumber',
				code: 'DuplicateEmployeeNumber',
			});
			const fromSub = await call(
				'POST',
				'/api/v5/integration/employees',
				newEmployee({ employeeNumber: PEOPLE.worker, phone: '+4790000006' }),
				DEMO.clients.subsidiary,
			);
			expect(fromSub.status).toBe(400);
		});

		it.each([
			['phone', { phone: '0047 912 34 567' }],
			['birthDate', { birthDate: '04.03.1991' }],
			['employment', { employment: undefined }],
			['employment.startDate', { employment: { payroll: 1 } }],
			['employment.payroll', { employment: { startDate: '2025-01-01', payroll: 3 } }],
		])('rejects a bad %s on create', async (field, over) => {
			const res = await call('POST', '/api/v5/integration/employees', newEmployee(over));
			expect(res.status).toBe(400);
			expect(fieldsOf(res.body)).toContain(field);
		});

		it('returns includes only when asked, and subsidiaries only with includeEmployeesFromSubsidiaries', async () => {
			const plain = await call('GET', v5(PEOPLE.withHistory));
			expect(plain.body.employmentHistory).toBeUndefined();
			expect(plain.body.workTimeArrangements).toBeUndefined();
			const full = await call(
				'GET',
				`${v5(PEOPLE.withHistory)}?include=tags,work-time-arrangements,employment-history`,
			);
			expect(full.body.tags).toEqual([]);
			expect(full.body.workTimeArrangements[0]).toMatchObject({ name: 'Standard 37.5h' });
			const h = full.body.employmentHistory;
			expect(h.current).toMatchObject({ startDate: '2018-01-01T00:00:00Z' });
			expect(h.upcoming).toHaveLength(1);
			expect(h.historical).toHaveLength(1);
			expect((await call('GET', `${v5(PEOPLE.withHistory)}?include=salary`)).status).toBe(400);
			expect((await call('GET', v5(PEOPLE.subsidiaryOnly))).status).toBe(404);
			expect(
				(await call('GET', `${v5(PEOPLE.subsidiaryOnly)}?includeEmployeesFromSubsidiaries=true`))
					.status,
			).toBe(200);
			const list = await call(
				'GET',
				'/api/v5/integration/employees?includeEmployeesFromSubsidiaries=true',
			);
			expect((list.body as any[]).map((e) => e.employeeNumber)).toContain(PEOPLE.subsidiaryOnly);
			const filtered = await call(
				'GET',
				`/api/v5/integration/employees?employeeNumber=${enc(PEOPLE.awkward)}&include=tags`,
			);
			expect(filtered.body).toHaveLength(1);
			expect(filtered.body[0]).toMatchObject({ employeeNumber: PEOPLE.awkward, tags: [] });
		});

		it('searches name, phone, e-mail and number with hasActiveEmployment', async () => {
			const res = await call('GET', '/api/v5/integration/employees/search?query=olsen');
			expect(res.body).toEqual([
				expect.objectContaining({ employeeNumber: PEOPLE.withHistory, hasActiveEmployment: true }),
			]);
			const gone = await call('GET', '/api/v5/integration/employees/search?query=%2B4791234572');
			expect(gone.body).toEqual([
				expect.objectContaining({ employeeNumber: PEOPLE.longGone, hasActiveEmployment: false }),
			]);
			expect((await call('GET', '/api/v5/integration/employees/search?query=')).status).toBe(400);
		});

		it('PATCH leaves omitted fields, clears explicit nulls, refuses to clear required ones', async () => {
			const res = await call('PATCH', v5(PEOPLE.tagged), { workTitle: 'Rigger', email: null });
			expect(res.body).toMatchObject({
				workTitle: 'Rigger',
				email: null,
				firstName: 'Lars',
				phone: '+4791234571',
			});
			const bad = await call('PATCH', v5(PEOPLE.tagged), { lastName: null });
			expect(fieldsOf(bad.body)).toEqual(['lastName']);
			const put = await call('PUT', v5(PEOPLE.tagged), {
				firstName: 'Lars',
				lastName: 'Æsøy',
				birthDate: '1990-09-09',
			});
			expect(put.body).toMatchObject({ workTitle: null, phone: '+4791234571' });
		});

		it('disable cascades to the identity across the structure; enable returns the employee', async () => {
			const res = await call('PATCH', v5(PEOPLE.withHistory, '/disable'));
			expect(res.status).toBe(200);
			expect(res.body.isDisabled).toBe(true);
			const sub = emulator.ctx.sections.people.byNumber(
				[DEMO.companies.subsidiary],
				PEOPLE.withHistoryInSubsidiary,
			)!;
			expect(sub.isDisabled).toBe(true);
			const back = await call('PATCH', v5(PEOPLE.withHistory, '/enable'));
			expect(back.body.isDisabled).toBe(false);
		});

		it('create-employment ends the previous employment the day before the new start', async () => {
			const start = addDays(today(), 10);
			const res = await call('POST', v5(PEOPLE.worker, '/create-employment'), {
				startDate: start,
				department: 'Tunnels',
				payroll: 2,
			});
			expect(res.status).toBe(201);
			const h = res.body.employmentHistory;
			expect(h.current).toMatchObject({ endDate: `${addDays(start, -1)}T00:00:00Z` });
			expect(h.upcoming).toEqual([
				expect.objectContaining({
					startDate: `${start}T00:00:00Z`,
					department: 'Tunnels',
					payroll: 2,
				}),
			]);
			const early = await call('POST', v5(PEOPLE.worker, '/create-employment'), {
				startDate: '2010-01-01',
			});
			expect(fieldsOf(early.body)).toEqual(['startDate']);
		});

		it('end-employment cascades across the structure and project companies; needs an active employment', async () => {
			const tagged = emulator.ctx.sections.people.byNumber([DEMO.companies.parent], PEOPLE.tagged)!;
			const end = addDays(today(), -1);
			const res = await call('PATCH', v5(PEOPLE.tagged, '/end-employment'), { endDate: end });
			expect(res.body.employmentHistory.current).toBeNull();
			expect(tagged.projectCompanies[0]).toMatchObject({ active: false, endDate: end });
			await call('PATCH', v5(PEOPLE.withHistory, '/end-employment'), { endDate: today() });
			const sub = emulator.ctx.sections.people.byNumber(
				[DEMO.companies.subsidiary],
				PEOPLE.withHistoryInSubsidiary,
			)!;
			expect(sub.employments[0].endDate).toBe(today());
			const none = await call('PATCH', v5(PEOPLE.longGone, '/end-employment'), {
				endDate: today(),
			});
			expect(none.status).toBe(400);
			expect(none.body.errors[0].code).toBe('NoActiveEmployment');
			expect(
				fieldsOf((await call('PATCH', v5(PEOPLE.worker, '/end-employment'), {})).body),
			).toEqual(['endDate']);
		});

		it('update-employment changes the current employment only', async () => {
			const res = await call('PATCH', v5(PEOPLE.worker, '/update-employment'), {
				department: 'Roads',
				mainProjectNumber: null,
			});
			expect(res.body.employment).toMatchObject({
				department: 'Roads',
				mainProjectNumber: null,
				payroll: 1,
			});
			expect(
				(await call('PATCH', v5(PEOPLE.longGone, '/update-employment'), { department: 'x' }))
					.status,
			).toBe(400);
		});

		it('changes the employee number (unique in the structure) and the phone (identity-wide)', async () => {
			const clash = await call('PATCH', v5(PEOPLE.worker, '/change-employee-number'), {
				newEmployeeNumber: PEOPLE.subsidiaryOnly,
			});
			expect(fieldsOf(clash.body)).toEqual(['newEmployeeNumber']);
			const ok = await call('PATCH', v5(PEOPLE.worker, '/change-employee-number'), {
				newEmployeeNumber: '1002-B',
			});
			expect(ok.body.employeeNumber).toBe('1002-B');
			const phone = await call('PATCH', v5(PEOPLE.withHistory, '/change-phone-number'), {
				newPhoneNumber: '+4798765432',
			});
			expect(phone.body.phone).toBe('+4798765432');
			expect(
				emulator.ctx.sections.people.byNumber(
					[DEMO.companies.subsidiary],
					PEOPLE.withHistoryInSubsidiary,
				)!.phone,
			).toBe('+4798765432');
			expect(
				fieldsOf(
					(
						await call('PATCH', v5(PEOPLE.foreman, '/change-phone-number'), {
							newPhoneNumber: '98765432',
						})
					).body,
				),
			).toEqual(['newPhoneNumber']);
			expect(
				(
					await call('PATCH', v5(PEOPLE.tagged, '/change-phone-number'), {
						newPhoneNumber: '+4791234567',
					})
				).body.errors[0].code,
			).toBe('DuplicatePhoneNumber');
		});

		it('enables in a project company with the user role by default, and disables there', async () => {
			const res = await call('POST', v5(PEOPLE.worker, '/enable-employee-in-project-company'), {
				projectCompanyId: DEMO.companies.subsidiary,
			});
			expect(res.body.projectCompanies).toEqual([
				expect.objectContaining({
					projectCompanyId: DEMO.companies.subsidiary,
					active: true,
					userGroupId: expect.any(String),
				}),
			]);
			const off = await call('POST', v5(PEOPLE.worker, '/disable-employee-in-project-company'), {
				projectCompanyId: DEMO.companies.subsidiary,
			});
			expect(off.body.projectCompanies[0].active).toBe(false);
			expect(
				fieldsOf(
					(
						await call('POST', v5(PEOPLE.worker, '/enable-employee-in-project-company'), {
							projectCompanyId: DEMO.companies.subsidiary,
							userGroupId: 'nope',
						})
					).body,
				),
			).toEqual(['userGroupId']);
			expect(
				fieldsOf(
					(await call('POST', v5(PEOPLE.worker, '/enable-employee-in-project-company'), {})).body,
				),
			).toEqual(['projectCompanyId']);
			expect(
				(
					await call('POST', v5(PEOPLE.longGone, '/disable-employee-in-project-company'), {
						projectCompanyId: DEMO.companies.other,
					})
				).status,
			).toBe(400);
		});

		it('replaces tags by diff with the payroll and ordinary rules', async () => {
			const t = PEOPLE.tags;
			const res = await call('PUT', v5(PEOPLE.tagged, '/tags'), [
				{
					userTagId: '75736572-0000-4000-8000-000000000002',
					tagId: t.nightShift,
					applicableFromDate: '2024-01-01',
					applicableToDate: '2024-06-30',
				},
				{ tagId: t.nightShift, applicableFromDate: '2025-01-01' },
				{ tagName: 'first aid' },
			]);
			expect(res.status).toBe(200);
			expect(res.body.added).toEqual([
				expect.objectContaining({ tagId: t.firstAid, tagName: 'First aid' }),
			]);
			expect(res.body.updated).toEqual([
				expect.objectContaining({ applicableToDate: '2024-06-30T00:00:00Z' }),
			]);
			expect(res.body.removed).toEqual([expect.objectContaining({ tagId: t.crane })]);
			expect(res.body.currentTags).toHaveLength(3);
			const overlap = await call('PUT', v5(PEOPLE.tagged, '/tags'), [
				{ tagId: t.hazardPay, applicableFromDate: '2025-01-01' },
				{ tagId: t.hazardPay, applicableFromDate: '2025-06-01', applicableToDate: '2025-12-31' },
			]);
			expect(overlap.body.errors[0]).toMatchObject({
				field: '[1].applicableFromDate',
				code: 'OverlappingPayrollTag',
			});
			const twice = await call('PUT', v5(PEOPLE.tagged, '/tags'), [
				{ tagId: t.forklift },
				{ tagId: t.forklift },
			]);
			expect(twice.body.errors[0]).toMatchObject({ field: '[1].tagId', code: 'DuplicateTag' });
			const noFrom = await call('PUT', v5(PEOPLE.tagged, '/tags'), [{ tagId: t.hazardPay }]);
			expect(fieldsOf(noFrom.body)).toEqual(['[0].applicableFromDate']);
			const unknown = await call('PUT', v5(PEOPLE.tagged, '/tags'), [{ tagName: 'Astronaut' }]);
			expect(fieldsOf(unknown.body)).toEqual(['[0].tagName']);
			// Nothing of a rejected request was saved.
			expect((await call('GET', `${v5(PEOPLE.tagged)}?include=tags`)).body.tags).toHaveLength(3);
		});

		it("tag definitions belong to the company: another company's tag id is unknown", async () => {
			const res = await call(
				'PUT',
				v5(PEOPLE.subsidiaryOnly, '/tags'),
				[{ tagId: PEOPLE.tags.forklift }],
				DEMO.clients.subsidiary,
			);
			expect(res.body.errors[0]).toMatchObject({ field: '[0].tagId', code: 'TagNotFound' });
			const own = await call(
				'PUT',
				v5(PEOPLE.subsidiaryOnly, '/tags'),
				[{ tagName: 'Forklift licence' }],
				DEMO.clients.subsidiary,
			);
			expect(own.body.added).toEqual([
				expect.objectContaining({ tagId: PEOPLE.tags.subsidiaryForklift }),
			]);
			expect((await call('PUT', v5(PEOPLE.subsidiaryOnly, '/tags'), { tagId: 'x' })).status).toBe(
				400,
			);
		});

		it('PUT needs firstName, lastName and birthDate; v5 dates must be ISO', async () => {
			const res = await call('PUT', v5(PEOPLE.worker), {
				firstName: 'Ola',
				birthDate: '02.11.1992',
			});
			expect(fieldsOf(res.body).sort()).toEqual(['birthDate', 'lastName']);
		});

		it('answers deletable with reasons, deletes with 204, and 404s unknown employees', async () => {
			expect((await call('GET', v5(PEOPLE.foreman, '/deletable'))).body).toEqual({
				isDeletable: false,
				validationErrors: expect.arrayContaining([
					expect.stringContaining('time registrations'),
					expect.stringContaining('main foreman'),
				]),
			});
			expect((await call('DELETE', v5(PEOPLE.foreman))).status).toBe(400);
			expect((await call('GET', v5(PEOPLE.awkward, '/deletable'))).body).toEqual({
				isDeletable: true,
				validationErrors: [],
			});
			expect((await call('DELETE', v5(PEOPLE.awkward))).status).toBe(204);
			const missing = await call('GET', v5(PEOPLE.awkward));
			expect(missing.status).toBe(404);
			expect(missing.body.errors[0].field).toBe('employeeNumber');
			expect(
				(await call('GET', v5(PEOPLE.foreman), undefined, DEMO.clients.subsidiary)).status,
			).toBe(404);
		});
	});
});
