import type { INodeParameters } from 'n8n-workflow';

import { callsOf, runOperation, useEmulator } from '../../support/emulatorFixture';
import { byNumber, enc, itRefusesEach, PEOPLE, type BadInput } from '../../support/people';
import { MAPPED_EMPTY as EMPTY } from '../../support/params';

/** Bad inputs for Employee (v5): each gives a clear error naming the field, never a TypeError. */
describe('Employee > bad inputs', () => {
	const fx = useEmulator();
	const create = (over: INodeParameters): INodeParameters => ({
		resource: 'employee',
		operation: 'create',
		employeeNumber: '8100',
		firstName: 'Bad',
		lastName: 'Input',
		phone: '+4790000200',
		birthDate: '1990-01-01',
		employmentStartDate: '2026-01-01',
		...over,
	});
	const tags = (assignment: INodeParameters[]): INodeParameters => ({
		resource: 'employee',
		operation: 'replaceTags',
		employee: byNumber(PEOPLE.worker),
		tags: { assignment },
	});

	const cases: BadInput[] = [
		['missing last name', create({ lastName: EMPTY }), /^Last Name is empty$/, []],
		[
			'missing employment start',
			create({ employmentStartDate: EMPTY }),
			/^Employment Start Date is empty$/,
			[],
		],
		[
			'bad birth date',
			create({ birthDate: '1990-13-01' }),
			/^Birth Date is not a valid date: "1990-13-01"$/,
			[],
		],
		[
			'bad employment end date',
			create({ employment: { endDate: 'soon' } }),
			/^Employment End Date is not a valid date/,
			[],
		],
		[
			'phone without +',
			create({ phone: '004791234567' }),
			/^Phone must be a phone number in international format: "004791234567"$/,
			[],
		],
		[
			'new phone with letters',
			{
				resource: 'employee',
				operation: 'changePhoneNumber',
				employee: byNumber(PEOPLE.worker),
				newPhoneNumber: '+47abc',
			},
			/^New Phone Number must be a phone number in international format/,
			[],
		],
		[
			'duplicate employee number',
			create({ employeeNumber: PEOPLE.withHistoryInSubsidiary }),
			/HTTP 400.*employeeNumber: .*DuplicateEmployeeNumber/,
			[['POST', 400]],
		],
		[
			'duplicate phone in the structure',
			create({ phone: '+4791234574' }),
			/HTTP 400.*phone: .*DuplicatePhoneNumber/,
			[['POST', 400]],
		],
		[
			'missing end date',
			{
				resource: 'employee',
				operation: 'endEmployment',
				employee: byNumber(PEOPLE.worker),
				endDate: EMPTY,
			},
			/^End Date is empty$/,
			[],
		],
		[
			'missing project company',
			{
				resource: 'employee',
				operation: 'enableInProjectCompany',
				employee: byNumber(PEOPLE.worker),
				projectCompanyId: EMPTY,
			},
			/^Project Company ID is empty$/,
			[],
		],
		[
			'missing new number',
			{
				resource: 'employee',
				operation: 'changeEmployeeNumber',
				employee: byNumber(PEOPLE.worker),
				newEmployeeNumber: EMPTY,
			},
			/^New Employee Number is empty$/,
			[],
		],
		[
			'unknown user group',
			{
				resource: 'employee',
				operation: 'enableInProjectCompany',
				employee: byNumber(PEOPLE.worker),
				projectCompanyId: 'x',
				userGroupId: 'y',
			},
			/HTTP 400.*projectCompanyId/,
			[['POST', 400]],
		],
		[
			'overlapping payroll tags',
			tags([
				{ tagId: PEOPLE.tags.hazardPay, applicableFromDate: '2025-01-01' },
				{
					tagId: PEOPLE.tags.hazardPay,
					applicableFromDate: '2025-06-01',
					applicableToDate: '2025-12-31',
				},
			]),
			/HTTP 400.*\[1\]\.applicableFromDate: Payroll tag 'Hazard pay' is assigned twice with overlapping date ranges.*OverlappingPayrollTag/,
			[['PUT', 400]],
		],
		[
			'ordinary tag twice',
			tags([{ tagId: PEOPLE.tags.forklift }, { tagName: 'Forklift licence' }]),
			/HTTP 400.*\[1\]\.tagId: .*only once.*DuplicateTag/,
			[['PUT', 400]],
		],
		[
			'payroll tag without start',
			tags([{ tagId: PEOPLE.tags.nightShift }]),
			/HTTP 400.*\[0\]\.applicableFromDate: .*required for payroll tag/,
			[['PUT', 400]],
		],
		[
			'unknown tag name',
			tags([{ tagName: 'Astronaut' }]),
			/HTTP 400.*\[0\]\.tagName: No tag named 'Astronaut'/,
			[['PUT', 400]],
		],
		[
			'tag without id or name',
			tags([{ applicableFromDate: '2025-01-01' }]),
			/^Tag 1: Tag ID or Tag Name is required$/,
			[],
		],
		['assignment id without tag id', tags([{ userTagId: 'abc' }]), /^Tag 1: Tag ID is empty$/, []],
		[
			'tag range backwards',
			tags([
				{
					tagId: PEOPLE.tags.hazardPay,
					applicableFromDate: '2025-06-01',
					applicableToDate: '2025-01-01',
				},
			]),
			/^Tag 1: Applicable To is before Applicable From$/,
			[],
		],
		[
			'tag date not a date',
			tags([{ tagId: PEOPLE.tags.hazardPay, applicableFromDate: '1st of May' }]),
			/^Tag 1: Applicable From is not a valid date/,
			[],
		],
		[
			'unknown employee',
			{ resource: 'employee', operation: 'disable', employee: byNumber('9999') },
			/HTTP 404.*employeeNumber: Employee '9999' was not found/,
			[['PATCH', 404]],
		],
		[
			'empty employee',
			{ resource: 'employee', operation: 'get', employee: byNumber(' ') },
			/^Employee is empty$/,
			[],
		],
	];

	itRefusesEach(fx, cases);

	it.each([
		['slash', '1001/../1002'],
		['question mark', '1001?x=1'],
		['hash', '1001#frag'],
		['space', '10 01'],
		['non-ASCII', 'Ærlig-ø'],
	])(
		'an unknown employee number with a %s stays one encoded path segment and answers 404',
		async (_name, number) => {
			const result = await runOperation(fx, 'employee', 'isDeletable', {
				employee: byNumber(number),
			});
			expect(result.error?.message).toMatch(
				/HTTP 404.*employeeNumber: Employee '.*' was not found/,
			);
			expect(callsOf(fx)).toEqual([
				`GET /api/v5/integration/employees/${enc(number)}/deletable 404`,
			]);
		},
	);

	it('continue on fail turns a bad item into an error item and carries on with the next', async () => {
		const result = await runOperation(
			fx,
			'employee',
			'get',
			{ employee: { __rl: true, mode: 'employeeNumber', value: '={{ $json.n }}' } },
			{ continueOnFail: true, items: [{ json: { n: 'nobody' } }, { json: { n: PEOPLE.worker } }] },
		);
		expect(result.items).toHaveLength(2);
		expect(result.items[0].json.error).toMatch(/HTTP 404.*employeeNumber/);
		expect(result.items[1].json.employeeNumber).toBe(PEOPLE.worker);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(fx.apiRequests().map((r) => r.status)).toEqual([404, 200]);
	});
});
