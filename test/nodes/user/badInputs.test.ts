import type { INodeParameters } from 'n8n-workflow';

import { callsOf, DEMO, runOperation, useEmulator } from '../../support/emulatorFixture';
import { byId, byNumber, enc, itRefusesEach, PEOPLE, type BadInput } from '../../support/people';
import { MAPPED_EMPTY as EMPTY } from '../../support/params';

/** Bad inputs for User (v4): each gives a clear error naming the field, never a TypeError. */
describe('User > bad inputs', () => {
	const fx = useEmulator();
	const create = (over: INodeParameters): INodeParameters => ({
		resource: 'user',
		operation: 'create',
		companyId: DEMO.companies.parent,
		employeeNumber: '7100',
		firstName: 'Bad',
		lastName: 'Input',
		mobileWork: '+4790000100',
		birthDate: '1990-01-01',
		employmentStartDate: '2026-01-01',
		...over,
	});

	// [case, parameters, message pattern, requests expected (methods and statuses)]
	const cases: BadInput[] = [
		['missing first name', create({ firstName: EMPTY }), /^First Name is empty$/, []],
		['missing company id', create({ companyId: ' ' }), /^Company ID is empty$/, []],
		[
			'birth date in a third format',
			create({ birthDate: '1990/01/01' }),
			/^Birth Date is not a valid date: "1990\/01\/01"$/,
			[],
		],
		[
			'impossible start date',
			create({ employmentStartDate: '31.02.2026' }),
			/^Employment Start Date is not a valid date/,
			[],
		],
		[
			'card expiry as words',
			create({ additionalFields: { cardExpirationDate: 'next year' } }),
			/^Card Expiration Date is not a valid date/,
			[],
		],
		[
			'phone without country code',
			create({ mobileWork: '91234567' }),
			/^Mobile \(Work\) must be a phone number in international format: "91234567"$/,
			[],
		],
		[
			'private phone with spaces',
			create({ additionalFields: { mobilePrivate: '+47 912 34 567' } }),
			/^Mobile \(Private\) must be a phone number in international format/,
			[],
		],
		[
			'tag without key',
			create({ additionalFields: { tags: { tag: [{ key: '', value: 'x' }] } } }),
			/^Tag 1 has no key$/,
			[],
		],
		[
			'duplicate employee number',
			create({ employeeNumber: PEOPLE.worker }),
			/HTTP 400.*employeeNumber: .*already exists in the company/,
			[['POST', 400]],
		],
		[
			'duplicate phone in the company',
			create({ mobileWork: '+4791234567' }),
			/HTTP 400.*mobileWork: .*DuplicatePhoneNumber/,
			[['POST', 400]],
		],
		[
			'company outside the structure',
			create({ companyId: DEMO.companies.other }),
			/HTTP 403.*companyId/,
			[['POST', 403]],
		],
		[
			'empty locator',
			{ resource: 'user', operation: 'delete', user: byId(EMPTY) },
			/^User is empty$/,
			[],
		],
		[
			'update without fields',
			{ resource: 'user', operation: 'update', user: byId('x'), updateFields: {} },
			/^No fields to update$/,
			[],
		],
		[
			'unknown employee number',
			{ resource: 'user', operation: 'getByEmployeeNumber', user: byNumber('nobody') },
			/HTTP 404.*employeeNumber/,
			[['GET', 404]],
		],
	];

	itRefusesEach(fx, cases);

	it.each([
		['slash', 'a/b'],
		['question mark', 'a?b'],
		['hash', 'a#b'],
		['space', 'a b'],
		['non-ASCII', 'ænø'],
	])(
		'an unknown identity id with a %s is encoded into one path segment and answers a 404 naming identityId',
		async (_name, id) => {
			const result = await runOperation(fx, 'user', 'isDeletable', { user: byId(id) });
			expect(result.error?.message).toMatch(/HTTP 404.*identityId: User '.*' was not found/);
			expect(callsOf(fx)).toEqual([
				`GET /api/v4/integration/users/is-identity-deletable/${enc(id)} 404`,
			]);
		},
	);
});
