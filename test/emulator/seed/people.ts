import { seededId } from '../core/ids';
import { addDays } from '../integration/peopleRules';
import type { Emulator } from '../server';
import { DEMO } from './demo';

/** Fixed numbers and ids of the seeded people, so tests can name them. */
export const PEOPLE = {
	/** Demo foreman (seed/demo.ts); main foreman of the demo projects, so not deletable. */
	foreman: '1001',
	worker: '1002',
	/** Has a historical, a current and an upcoming employment; also employed in the subsidiary (2003). */
	withHistory: '1003',
	withHistoryInSubsidiary: '2003',
	/** Disabled; employment ended 10 days ago. */
	recentlyLeft: '1004',
	/** Tags (ordinary + two payroll ranges), a work-time arrangement, a project company, time registrations. */
	tagged: '1005',
	/** Employment ended two years ago. */
	longGone: '1006',
	/** Employee number with characters that must be URL-encoded. */
	awkward: 'AB/12 #3?ø',
	subsidiaryOnly: '2001',
	/** The other company also has a 1001 (v4 numbers are unique per company only). */
	otherCompany: '1001',
	tags: {
		forklift: seededId('tag', 1),
		firstAid: seededId('tag', 2),
		crane: seededId('tag', 3),
		nightShift: seededId('tag', 4),
		hazardPay: seededId('tag', 5),
		subsidiaryForklift: seededId('tag', 11),
	},
} as const;

/** Tag definitions, people, employments and memberships for the users v4 / employees v5 APIs. */
export function seedPeople(emulator: Emulator) {
	const { people } = emulator.ctx.sections;
	const today = people.today();
	const { parent, subsidiary, other } = DEMO.companies;
	const t = PEOPLE.tags;

	people.defineTag(parent, 'Forklift licence', false, t.forklift);
	people.defineTag(parent, 'First aid', false, t.firstAid);
	people.defineTag(parent, 'Crane operator', false, t.crane);
	people.defineTag(parent, 'Night shift allowance', true, t.nightShift);
	people.defineTag(parent, 'Hazard pay', true, t.hazardPay);
	people.defineTag(subsidiary, 'Forklift licence', false, t.subsidiaryForklift);
	people.defineTag(subsidiary, 'Night shift allowance', true, seededId('tag', 12));
	people.defineTag(other, 'Forklift licence', false, seededId('tag', 21));

	// The two demo people of seed/demo.ts get the rest of a realistic profile.
	const foreman = people.byNumber([parent], PEOPLE.foreman)!;
	Object.assign(foreman, {
		birthDate: '1980-03-14',
		workTitle: 'Foreman',
		hasTimeRegistrations: true,
	});
	Object.assign(foreman.employments[0], {
		startDate: '2015-08-01',
		department: 'Bridges',
		payroll: 1,
	});
	const worker = people.byNumber([parent], PEOPLE.worker)!;
	Object.assign(worker, { birthDate: '1992-11-02', workTitle: 'Carpenter' });
	Object.assign(worker.employments[0], {
		startDate: '2019-04-01',
		department: 'Bridges',
		payroll: 1,
	});

	const per = people.add({
		companyId: parent,
		employeeNumber: PEOPLE.withHistory,
		firstName: 'Per',
		lastName: 'Olsen',
		phone: '+4791234569',
		email: 'per.olsen@example.com',
		birthDate: '1975-06-30',
		employment: { startDate: '2012-01-01', endDate: '2017-12-31', department: 'Roads', payroll: 1 },
	});
	per.employments.push(
		people.newEmployment(parent, {
			startDate: '2018-01-01',
			endDate: addDays(today, 29),
			department: 'Roads',
			payroll: 1,
		}),
	);
	per.employments.push(
		people.newEmployment(parent, {
			startDate: addDays(today, 30),
			department: 'Tunnels',
			mainProjectNumber: 'P-1002',
			payroll: 2,
		}),
	);
	per.workTimeArrangements.push({
		id: seededId('wta', 1),
		name: 'Standard 37.5h',
		fromDate: '2018-01-01',
		toDate: null,
	});
	// Same identity (same login phone) employed in the subsidiary too.
	people.add({
		companyId: subsidiary,
		employeeNumber: PEOPLE.withHistoryInSubsidiary,
		firstName: 'Per',
		lastName: 'Olsen',
		phone: '+4791234569',
		birthDate: '1975-06-30',
		employment: { startDate: '2021-01-01', department: 'Vest', payroll: 1 },
	});

	people.add({
		companyId: parent,
		employeeNumber: PEOPLE.recentlyLeft,
		firstName: 'Ingrid',
		lastName: 'Berg',
		phone: '+4791234570',
		birthDate: '1988-01-20',
		isDisabled: true,
		employment: { startDate: '2016-02-01', endDate: addDays(today, -10), department: 'Roads' },
	});

	const lars = people.add({
		companyId: parent,
		employeeNumber: PEOPLE.tagged,
		firstName: 'Lars',
		lastName: 'Æsøy',
		phone: '+4791234571',
		email: 'lars.aesoy@example.com',
		birthDate: '1990-09-09',
		workTitle: 'Crane operator',
		hasTimeRegistrations: true,
		employment: {
			startDate: '2019-05-01',
			department: 'Tunnels',
			mainProjectNumber: 'P-1001',
			payroll: 1,
		},
	});
	lars.tags.push(
		{
			userTagId: seededId('usertag', 1),
			tagId: t.crane,
			tagName: 'Crane operator',
			isPayrollTag: false,
			applicableFromDate: null,
			applicableToDate: null,
		},
		{
			userTagId: seededId('usertag', 2),
			tagId: t.nightShift,
			tagName: 'Night shift allowance',
			isPayrollTag: true,
			applicableFromDate: '2024-01-01',
			applicableToDate: '2024-12-31',
		},
		{
			userTagId: seededId('usertag', 3),
			tagId: t.nightShift,
			tagName: 'Night shift allowance',
			isPayrollTag: true,
			applicableFromDate: '2025-01-01',
			applicableToDate: null,
		},
	);
	lars.workTimeArrangements.push({
		id: seededId('wta', 2),
		name: 'Rotation 14/14',
		fromDate: '2019-05-01',
		toDate: null,
	});
	lars.projectCompanies.push({
		projectCompanyId: other,
		active: true,
		userGroupId: seededId('usrgroup', 2),
		endDate: null,
	});

	people.add({
		companyId: parent,
		employeeNumber: PEOPLE.longGone,
		firstName: 'Nils',
		lastName: 'Dahl',
		phone: '+4791234572',
		birthDate: '1960-12-24',
		employment: { startDate: '2001-03-01', endDate: addDays(today, -730), department: 'Roads' },
	});

	people.add({
		companyId: parent,
		employeeNumber: PEOPLE.awkward,
		firstName: 'Åse',
		lastName: 'Lund-Ødegård',
		phone: '+4791234573',
		birthDate: '1995-04-04',
		employment: { startDate: '2023-09-01', department: 'Bridges' },
	});

	people.add({
		companyId: subsidiary,
		employeeNumber: PEOPLE.subsidiaryOnly,
		firstName: 'Sigrid',
		lastName: 'Vik',
		phone: '+4791234574',
		birthDate: '1985-07-15',
		employment: { startDate: '2020-06-01', department: 'Vest' },
	});

	people.add({
		companyId: other,
		employeeNumber: PEOPLE.otherCompany,
		firstName: 'Not',
		lastName: 'Yours',
		phone: '+4799999999',
		birthDate: '1970-01-01',
	});
}
