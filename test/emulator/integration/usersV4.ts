import { businessError, notFound, validationErrors } from '../core/apiError';
import type { EmuRequest, Router } from '../core/router';
import { fieldError, getQuery, isDateTime, validate, type Schema } from '../core/validate';
import { PeopleView, type Person } from './people';
import { isEmail, isPhone, parseV4Date, Problems } from './peopleRules';

/** Fields of the specification's User (v4) table. */
export const USER_SCHEMA: Schema = {
	companyId: { type: 'string', required: true },
	employeeNumber: { type: 'string', required: true },
	firstName: { type: 'string', required: true },
	lastName: { type: 'string', required: true },
	mobileWork: { type: 'string', required: true },
	birthDate: { type: 'string', required: true },
	employmentStartDate: { type: 'string', required: true },
	email: { type: 'string' },
	mobilePrivate: { type: 'string' },
	workTitle: { type: 'string' },
	department: { type: 'string' },
	employmentEndDate: { type: 'string' },
	mainProjectNumber: { type: 'string' },
	carRegNumber: { type: 'string' },
	address: { type: 'string' },
	closestRelative: { type: 'string' },
	personalInfo: { type: 'string' },
	cardId: { type: 'string' },
	cardExpirationDate: { type: 'string' },
	payroll: { type: 'bool' },
	isDisabled: { type: 'bool' },
	defaultResourceNumber: { type: 'string' },
	worktimeArrangementName: { type: 'string' },
	organizationNumber: { type: 'string' },
	tags: { type: 'array' },
};

const REPLACE_SCHEMA: Schema = {
	...USER_SCHEMA,
	identityId: { type: 'string', required: true },
	companyProfileId: { type: 'string', required: true },
};

const V4_DATES = ['birthDate', 'employmentStartDate', 'employmentEndDate', 'cardExpirationDate'];

/** v4 name -> profile field name (the rest share their names). */
const RENAMED: Record<string, string> = {
	carRegNumber: 'carRegistrationNumber',
	cardId: 'workCardId',
	cardExpirationDate: 'workCardExpirationDate',
};

const PROFILE_V4 = [
	'email',
	'mobilePrivate',
	'workTitle',
	'carRegNumber',
	'address',
	'closestRelative',
	'personalInfo',
	'cardId',
	'cardExpirationDate',
	'defaultResourceNumber',
	'organizationNumber',
	'birthDate',
];

const BASE = '/api/v4/integration/users';

/** Users, v4 (specification: Endpoints > Users, v4): a view of the people store. */
export class UsersV4Section extends PeopleView {
	registerIntegration(router: Router) {
		router.post(BASE, (req) => this.create(req));
		router.get(BASE, (req) => this.list(req));
		router.get(`${BASE}/by-profile-id/:profileId`, (req) => ({
			status: 200,
			body: this.view(this.byProfile(req, req.params.profileId, 'profileId')),
		}));
		router.get(`${BASE}/by-employee-number/:employeeNumber`, (req) => ({
			status: 200,
			body: this.view(this.byNumber(req, req.params.employeeNumber)),
		}));
		router.put(`${BASE}/:identityId`, (req) => this.replace(req));
		router.patch(`${BASE}/disable/:companyProfileId`, (req) => this.setDisabled(req, true));
		router.patch(`${BASE}/enable/:companyProfileId`, (req) => this.setDisabled(req, false));
		router.patch(`${BASE}/:companyProfileId`, (req) => this.update(req));
		router.delete(`${BASE}/:identityId`, (req) => this.delete(req));
		router.get(`${BASE}/is-identity-deletable/:identityId`, (req) => {
			const profiles = this.byIdentity(req, req.params.identityId);
			return {
				status: 200,
				body: profiles.every((p) => this.people.deletableErrors(p).length === 0),
			};
		});
	}

	private async create(req: EmuRequest) {
		const fields = validate(await req.json(), USER_SCHEMA);
		const dates = checkUserFields(fields);
		const companyId = String(fields.companyId);
		this.people.checkCompany(req.caller.companyId, companyId);
		const number = String(fields.employeeNumber);
		this.checkNumberFree(companyId, number, undefined);
		const phone = String(fields.mobileWork);
		this.refuseTakenPhone(
			[companyId],
			phone,
			'mobileWork',
			`A user with mobileWork '${phone}' already exists in the company.`,
		);
		const person = this.addPerson(companyId, number, fields, phone, {
			startDate: dates.employmentStartDate!,
			endDate: dates.employmentEndDate ?? null,
			department: (fields.department as string | undefined) ?? null,
			mainProjectNumber: (fields.mainProjectNumber as string | undefined) ?? null,
			payroll: fields.payroll === true ? 1 : 0,
		});
		this.apply(person, fields, dates, 'replace');
		return { status: 201, body: this.view(person) };
	}

	private list(req: EmuRequest) {
		const companyId = getQuery(req.query, 'companyId') || req.caller.companyId;
		this.people.checkCompany(req.caller.companyId, companyId);
		const changedSince = getQuery(req.query, 'changedSince');
		if (changedSince !== undefined && changedSince !== '' && !isDateTime(changedSince)) {
			throw validationErrors([
				fieldError('changedSince', "'changedSince' must be an ISO 8601 date-time."),
			]);
		}
		const lookbackRaw = getQuery(req.query, 'employmentLookbackDays');
		let lookback: number | undefined;
		if (lookbackRaw !== undefined && lookbackRaw !== '') {
			lookback = Number(lookbackRaw);
			if (!/^\d+$/.test(lookbackRaw))
				throw validationErrors([
					fieldError(
						'employmentLookbackDays',
						"'employmentLookbackDays' must be a whole number of days (0 or more).",
					),
				]);
		}
		const since = changedSince ? Date.parse(changedSince) : undefined;
		const users = this.people
			.inCompanies([companyId])
			.filter((p) => since === undefined || Date.parse(p.modifiedDateTime) > since)
			.filter((p) => lookback === undefined || this.people.employedWithin(p, lookback));
		return { status: 200, body: users.map((p) => this.view(p)) };
	}

	private async replace(req: EmuRequest) {
		const identityId = req.params.identityId;
		const profiles = this.byIdentity(req, identityId);
		const fields = validate(await req.json(), REPLACE_SCHEMA);
		const dates = checkUserFields(fields);
		if (fields.identityId !== identityId) {
			throw validationErrors([
				fieldError(
					'identityId',
					`'identityId' in the body ('${String(fields.identityId)}') does not match the path ('${identityId}').`,
				),
			]);
		}
		const person = profiles.find((p) => p.companyProfileId === fields.companyProfileId);
		if (!person) {
			throw validationErrors([
				fieldError(
					'companyProfileId',
					`'companyProfileId' '${String(fields.companyProfileId)}' is not a profile of user '${identityId}'.`,
				),
			]);
		}
		if (fields.companyId !== person.companyId) {
			throw validationErrors([
				fieldError(
					'companyId',
					`'companyId' must stay '${person.companyId}'; a user cannot move between companies.`,
				),
			]);
		}
		this.checkNumberFree(person.companyId, String(fields.employeeNumber), person);
		this.apply(person, fields, dates, 'replace');
		return { status: 200, body: this.view(person) };
	}

	private async update(req: EmuRequest) {
		const person = this.byProfile(req, req.params.companyProfileId, 'companyProfileId');
		// v4 PATCH: only fields to change; a null is read as "not sent" (true PATCH is v5's).
		const sent = validate(await req.json(), USER_SCHEMA, { partial: true });
		const fields = Object.fromEntries(Object.entries(sent).filter(([, v]) => v !== null));
		const dates = checkUserFields(fields);
		if (fields.companyId !== undefined && fields.companyId !== person.companyId) {
			throw validationErrors([
				fieldError(
					'companyId',
					`'companyId' must stay '${person.companyId}'; a user cannot move between companies.`,
				),
			]);
		}
		if (typeof fields.employeeNumber === 'string')
			this.checkNumberFree(person.companyId, fields.employeeNumber, person);
		this.apply(person, fields, dates, 'patch');
		return { status: 200, body: this.view(person) };
	}

	private setDisabled(req: EmuRequest, disabled: boolean) {
		const person = this.byProfile(req, req.params.companyProfileId, 'companyProfileId');
		if (disabled) this.people.disable(person, false);
		else this.people.enable(person);
		return { status: 204 };
	}

	private delete(req: EmuRequest) {
		const profiles = this.byIdentity(req, req.params.identityId);
		this.people.takeConcurrentChange(req.params.identityId);
		const errors = profiles.flatMap((p) => this.people.deletableErrors(p));
		if (errors.length) throw businessError('UserNotDeletable', errors.join(' '), 'identityId');
		for (const p of profiles) this.people.remove(p);
		return { status: 204 };
	}

	/** Writes v4 fields into the person; `replace` clears every optional field not sent. */
	private apply(
		person: Person,
		fields: Record<string, unknown>,
		dates: Record<string, string | undefined>,
		mode: 'replace' | 'patch',
	) {
		const has = (f: string) => fields[f] !== undefined && fields[f] !== null;
		for (const f of ['employeeNumber', 'firstName', 'lastName']) if (has(f)) person[f] = fields[f];
		if (has('mobileWork')) this.people.changePhone(person, String(fields.mobileWork), 'mobileWork');
		for (const f of PROFILE_V4) {
			const target = RENAMED[f] ?? f;
			if (has(f)) person[target] = V4_DATES.includes(f) ? dates[f] : fields[f];
			else if (mode === 'replace' && f !== 'birthDate') person[target] = null;
		}
		const employment = this.people.primaryEmployment(person)!;
		if (has('employmentStartDate')) employment.startDate = dates.employmentStartDate!;
		if (has('employmentEndDate')) employment.endDate = dates.employmentEndDate!;
		else if (mode === 'replace') employment.endDate = null;
		for (const f of ['department', 'mainProjectNumber'] as const) {
			if (has(f)) employment[f] = String(fields[f]);
			else if (mode === 'replace') employment[f] = null;
		}
		if (has('payroll')) employment.payroll = fields.payroll === true ? 1 : 0;
		else if (mode === 'replace') employment.payroll = 0;
		if (has('isDisabled')) person.isDisabled = fields.isDisabled === true;
		else if (mode === 'replace') person.isDisabled = false;
		if (has('tags'))
			person.keyValueTags = (fields.tags as Array<{ key: string; value: string }>).map((t) => ({
				key: t.key,
				value: t.value ?? '',
			}));
		else if (mode === 'replace') person.keyValueTags = [];
		if (has('worktimeArrangementName'))
			this.setArrangement(person, String(fields.worktimeArrangementName));
		this.people.touch(person);
	}

	/** A new arrangement name ends the current one yesterday and starts the new one today. */
	private setArrangement(person: Person, name: string) {
		const today = this.people.today();
		const current = person.workTimeArrangements.find((a) => a.toDate === null);
		if (current?.name === name) return;
		if (current) current.toDate = today;
		person.workTimeArrangements.push({
			id: `wta-${person.workTimeArrangements.length + 1}-${person.companyProfileId}`,
			name,
			fromDate: today,
			toDate: null,
		});
	}

	private checkNumberFree(companyId: string, employeeNumber: string, self: Person | undefined) {
		const clash = this.people.byNumber([companyId], employeeNumber);
		if (clash && clash !== self) {
			throw validationErrors([
				fieldError(
					'employeeNumber',
					`A user with employeeNumber '${employeeNumber}' already exists in the company.`,
					'DuplicateEmployeeNumber',
				),
			]);
		}
	}

	private byProfile(req: EmuRequest, id: string, field: string): Person {
		const person = this.people.byProfileId(id);
		if (!person || !this.ctx.companies.canAccess(req.caller.companyId, person.companyId))
			throw notFound('User profile', id, field);
		return person;
	}

	private byNumber(req: EmuRequest, employeeNumber: string): Person {
		const own = this.people.byNumber([req.caller.companyId], employeeNumber);
		const person =
			own ?? this.people.byNumber(this.people.structureOf(req.caller.companyId), employeeNumber);
		if (!person) throw notFound('User with employee number', employeeNumber, 'employeeNumber');
		return person;
	}

	private byIdentity(req: EmuRequest, identityId: string): Person[] {
		const structure = this.people.structureOf(req.caller.companyId);
		const profiles = this.people
			.byIdentity(identityId)
			.filter((p) => structure.includes(p.companyId));
		if (!profiles.length) throw notFound('User', identityId, 'identityId');
		return profiles;
	}

	view(person: Person) {
		const employment = this.people.primaryEmployment(person);
		return {
			identityId: person.identityId,
			companyProfileId: person.companyProfileId,
			companyId: person.companyId,
			employeeNumber: person.employeeNumber,
			firstName: person.firstName,
			lastName: person.lastName,
			mobileWork: person.phone,
			mobilePrivate: person.mobilePrivate ?? null,
			email: person.email ?? null,
			birthDate: person.birthDate,
			employmentStartDate: employment?.startDate ?? null,
			employmentEndDate: employment?.endDate ?? null,
			workTitle: person.workTitle ?? null,
			department: employment?.department ?? null,
			mainProjectNumber: employment?.mainProjectNumber ?? null,
			carRegNumber: person.carRegistrationNumber ?? null,
			address: person.address ?? null,
			closestRelative: person.closestRelative ?? null,
			personalInfo: person.personalInfo ?? null,
			cardId: person.workCardId ?? null,
			cardExpirationDate: person.workCardExpirationDate ?? null,
			payroll: (employment?.payroll ?? 0) !== 0,
			isDisabled: person.isDisabled,
			defaultResourceNumber: person.defaultResourceNumber ?? null,
			worktimeArrangementName:
				person.workTimeArrangements.find((a) => a.toDate === null)?.name ?? null,
			organizationNumber: person.organizationNumber ?? null,
			tags: person.keyValueTags.map((t) => ({ ...t })),
			modifiedDateTime: person.modifiedDateTime,
		};
	}
}

/** Formats the spec fixes for v4: dates, phone numbers, e-mail, tags. Returns the dates as yyyy-MM-dd. */
function checkUserFields(fields: Record<string, unknown>): Record<string, string | undefined> {
	const problems = new Problems();
	const dates: Record<string, string | undefined> = {};
	for (const f of V4_DATES) {
		const v = fields[f];
		if (v === undefined || v === null || v === '') continue;
		dates[f] = parseV4Date(v);
		if (!dates[f])
			problems.add(
				f,
				`'${f}' must be a date in the format dd.MM.yyyy or yyyy-MM-dd (got '${String(v)}').`,
			);
	}
	for (const f of ['mobileWork', 'mobilePrivate']) {
		const v = fields[f];
		if (v !== undefined && v !== null && v !== '' && !isPhone(v)) {
			problems.add(
				f,
				`'${f}' must be a phone number in international format, e.g. +4791234567 (got '${String(v)}').`,
			);
		}
	}
	if (fields.email && !isEmail(fields.email))
		problems.add('email', "'email' must be an e-mail address.");
	if (
		dates.employmentStartDate &&
		dates.employmentEndDate &&
		dates.employmentEndDate < dates.employmentStartDate
	) {
		problems.add(
			'employmentEndDate',
			"'employmentEndDate' must not be before 'employmentStartDate'.",
		);
	}
	if (Array.isArray(fields.tags)) {
		(fields.tags as unknown[]).forEach((t, i) => {
			const tag = t as Record<string, unknown> | null;
			if (!tag || typeof tag !== 'object' || typeof tag.key !== 'string' || tag.key.trim() === '')
				problems.add(`tags[${i}].key`, `'tags[${i}].key' is required.`);
			else if (tag.value !== undefined && tag.value !== null && typeof tag.value !== 'string')
				problems.add(`tags[${i}].value`, `'tags[${i}].value' must be a string.`);
		});
	}
	problems.throwIfAny();
	return dates;
}
