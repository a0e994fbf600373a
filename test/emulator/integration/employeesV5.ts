import { validationErrors } from '../core/apiError';
import type { EmuRequest, Router } from '../core/router';
import { fieldError, getQuery, queryBool, validate, type Schema } from '../core/validate';
import { replaceTags, tagView } from './employeeTags';
import { PeopleView, type Employment, type Person } from './people';
import { dateOf, isEmail, isPhone, Problems, toDateTime, validateNested } from './peopleRules';

const OPTIONAL_PROFILE: Schema = {
	email: { type: 'string' },
	address: { type: 'string' },
	workTitle: { type: 'string' },
	carRegistrationNumber: { type: 'string' },
	closestRelative: { type: 'string' },
	personalInfo: { type: 'string' },
	workCardId: { type: 'string' },
	workCardExpirationDate: { type: 'datetime' },
};

export const EMPLOYMENT_SCHEMA: Schema = {
	startDate: { type: 'datetime', required: true },
	endDate: { type: 'datetime' },
	department: { type: 'string' },
	mainProjectNumber: { type: 'string' },
	payroll: { type: 'int' },
};

const CREATE_SCHEMA: Schema = {
	employeeNumber: { type: 'string', required: true },
	firstName: { type: 'string', required: true },
	lastName: { type: 'string', required: true },
	phone: { type: 'string', required: true },
	birthDate: { type: 'datetime', required: true },
	employment: { type: 'object', required: true },
	...OPTIONAL_PROFILE,
};

const REPLACE_SCHEMA: Schema = {
	firstName: { type: 'string', required: true },
	lastName: { type: 'string', required: true },
	birthDate: { type: 'datetime', required: true },
	phone: { type: 'string' },
	...OPTIONAL_PROFILE,
};

/** The fields the spec lists for PATCH. */
const PATCH_SCHEMA: Schema = {
	firstName: { type: 'string' },
	lastName: { type: 'string' },
	email: { type: 'string' },
	phone: { type: 'string' },
	birthDate: { type: 'datetime' },
	address: { type: 'string' },
	workTitle: { type: 'string' },
	carRegistrationNumber: { type: 'string' },
	closestRelative: { type: 'string' },
	personalInfo: { type: 'string' },
};

const NOT_CLEARABLE = ['firstName', 'lastName', 'phone', 'birthDate'];
const DATE_FIELDS = ['birthDate', 'workCardExpirationDate'];
const INCLUDES = ['tags', 'work-time-arrangements', 'employment-history'] as const;
type Include = (typeof INCLUDES)[number];

const BASE = '/api/v5/integration/employees';

/** Employees, v5 (specification: Endpoints > Employees, v5): a view of the people store. */
export class EmployeesV5Section extends PeopleView {
	registerIntegration(router: Router) {
		const one = `${BASE}/:employeeNumber`;
		router.post(BASE, (req) => this.create(req));
		router.get(BASE, (req) => this.list(req));
		router.get(`${BASE}/search`, (req) => this.search(req));
		router.get(one, (req) => this.get(req));
		router.put(one, (req) => this.replace(req));
		router.patch(one, (req) => this.update(req));
		router.delete(one, (req) => {
			this.people.deleteChecked(this.employee(req));
			return { status: 204 };
		});
		router.get(`${one}/deletable`, (req) => {
			const errors = this.people.deletableErrors(this.employee(req));
			return { status: 200, body: { isDeletable: errors.length === 0, validationErrors: errors } };
		});
		router.patch(`${one}/disable`, (req) => this.act(req, (p) => this.people.disable(p, true)));
		router.patch(`${one}/enable`, (req) => this.act(req, (p) => this.people.enable(p)));
		router.patch(`${one}/end-employment`, (req) => this.endEmployment(req));
		router.post(`${one}/create-employment`, (req) => this.createEmployment(req));
		router.patch(`${one}/update-employment`, (req) => this.updateEmployment(req));
		router.patch(`${one}/change-employee-number`, (req) => this.changeNumber(req));
		router.patch(`${one}/change-phone-number`, (req) => this.changePhone(req));
		router.post(`${one}/enable-employee-in-project-company`, (req) =>
			this.projectCompany(req, true),
		);
		router.post(`${one}/disable-employee-in-project-company`, (req) =>
			this.projectCompany(req, false),
		);
		router.put(`${one}/tags`, async (req) => {
			const person = this.employee(req);
			const diff = replaceTags(this.people, person, await req.json());
			return {
				status: 200,
				body: {
					added: diff.added.map(tagView),
					updated: diff.updated.map(tagView),
					removed: diff.removed.map(tagView),
					currentTags: diff.currentTags.map(tagView),
				},
			};
		});
	}

	private async create(req: EmuRequest) {
		const body = await req.json();
		const fields = validate(body, CREATE_SCHEMA);
		const employment = readEmployment(
			validateNested(fields.employment, EMPLOYMENT_SCHEMA, 'employment'),
			'employment',
			false,
		);
		const dates = checkProfile(fields);
		const companyId = req.caller.companyId;
		const number = String(fields.employeeNumber);
		this.checkNumberFree(companyId, number, 'employeeNumber');
		const phone = String(fields.phone);
		this.refuseTakenPhone(
			this.people.wholeStructureOf(companyId),
			phone,
			'phone',
			`An employee with phone '${phone}' already exists in the company structure.`,
		);
		const person = this.addPerson(companyId, number, fields, phone, employment);
		this.applyProfile(person, fields, dates, 'replace');
		return { status: 201, body: this.view(person, []) };
	}

	private list(req: EmuRequest) {
		const includes = readIncludes(req);
		const companies = queryBool(req.query, 'includeEmployeesFromSubsidiaries')
			? this.people.structureOf(req.caller.companyId)
			: [req.caller.companyId];
		const number = getQuery(req.query, 'employeeNumber');
		const people = this.people
			.inCompanies(companies)
			.filter((p) => !number || p.employeeNumber === number);
		return { status: 200, body: people.map((p) => this.view(p, includes)) };
	}

	private get(req: EmuRequest) {
		const includes = readIncludes(req);
		const companies = queryBool(req.query, 'includeEmployeesFromSubsidiaries')
			? this.people.structureOf(req.caller.companyId)
			: [req.caller.companyId];
		const person = this.people.byNumber(companies, req.params.employeeNumber);
		if (!person) throw this.people.notFound(req.params.employeeNumber);
		return { status: 200, body: this.view(person, includes) };
	}

	private search(req: EmuRequest) {
		const query = (getQuery(req.query, 'query') ?? '').trim().toLowerCase();
		if (!query) throw validationErrors([fieldError('query', "'query' is required.")]);
		const hits = this.people
			.inCompanies([req.caller.companyId])
			.filter((p) =>
				[`${p.firstName} ${p.lastName}`, p.phone, p.email, p.employeeNumber].some(
					(v) => typeof v === 'string' && v.toLowerCase().includes(query),
				),
			)
			.map((p) => ({
				employeeNumber: p.employeeNumber,
				firstName: p.firstName,
				lastName: p.lastName,
				phone: p.phone,
				email: p.email ?? null,
				companyId: p.companyId,
				isDisabled: p.isDisabled,
				hasActiveEmployment: this.people.hasActiveEmployment(p),
			}));
		return { status: 200, body: hits };
	}

	private async replace(req: EmuRequest) {
		const person = this.employee(req);
		const fields = validate(await req.json(), REPLACE_SCHEMA);
		const dates = checkProfile(fields);
		this.applyProfile(person, fields, dates, 'replace');
		return { status: 200, body: this.view(person, []) };
	}

	private async update(req: EmuRequest) {
		const person = this.employee(req);
		// True PATCH: omitted fields stay, an explicit null clears.
		const fields = validate(await req.json(), PATCH_SCHEMA, { partial: true });
		const problems = new Problems();
		for (const f of NOT_CLEARABLE)
			if (fields[f] === null) problems.add(f, `'${f}' cannot be cleared.`);
		problems.throwIfAny();
		const dates = checkProfile(fields);
		this.applyProfile(person, fields, dates, 'patch');
		return { status: 200, body: this.view(person, []) };
	}

	private async endEmployment(req: EmuRequest) {
		const person = this.employee(req);
		const fields = validate(await req.json(), { endDate: { type: 'datetime', required: true } });
		this.people.endEmployment(person, dateOf(fields.endDate)!);
		return { status: 200, body: this.view(person, ['employment-history']) };
	}

	private async createEmployment(req: EmuRequest) {
		const person = this.employee(req);
		const employment = readEmployment(validate(await req.json(), EMPLOYMENT_SCHEMA), '', false);
		this.people.createEmployment(person, employment as Employment);
		return { status: 201, body: this.view(person, ['employment-history']) };
	}

	private async updateEmployment(req: EmuRequest) {
		const person = this.employee(req);
		const fields = readEmployment(
			validate(await req.json(), EMPLOYMENT_SCHEMA, { partial: true }),
			'',
			true,
		);
		const current = this.people.currentEmployment(person);
		if (!current)
			throw validationErrors([
				fieldError(
					'employeeNumber',
					`Employee '${person.employeeNumber}' has no active employment to update.`,
					'NoActiveEmployment',
				),
			]);
		if (fields.startDate === null)
			throw validationErrors([fieldError('startDate', "'startDate' cannot be cleared.")]);
		const next = {
			...current,
			...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
		} as Employment;
		if (next.endDate !== null && next.endDate < next.startDate)
			throw validationErrors([fieldError('endDate', "'endDate' must not be before 'startDate'.")]);
		Object.assign(current, next, { payroll: next.payroll ?? 0 });
		this.people.touch(person);
		return { status: 200, body: this.view(person, ['employment-history']) };
	}

	private async changeNumber(req: EmuRequest) {
		const person = this.employee(req);
		const fields = validate(await req.json(), {
			newEmployeeNumber: { type: 'string', required: true },
		});
		const number = String(fields.newEmployeeNumber);
		if (number !== person.employeeNumber)
			this.checkNumberFree(person.companyId, number, 'newEmployeeNumber');
		person.employeeNumber = number;
		this.people.touch(person);
		return { status: 200, body: this.view(person, []) };
	}

	private async changePhone(req: EmuRequest) {
		const person = this.employee(req);
		const fields = validate(await req.json(), {
			newPhoneNumber: { type: 'string', required: true },
		});
		const phone = String(fields.newPhoneNumber);
		if (!isPhone(phone))
			throw validationErrors([fieldError('newPhoneNumber', phoneMessage('newPhoneNumber', phone))]);
		this.people.changePhone(person, phone, 'newPhoneNumber');
		return { status: 200, body: this.view(person, []) };
	}

	private async projectCompany(req: EmuRequest, enable: boolean) {
		const person = this.employee(req);
		const schema: Schema = { projectCompanyId: { type: 'string', required: true } };
		if (enable) schema.userGroupId = { type: 'string' };
		const fields = validate(await req.json(), schema);
		const projectCompanyId = String(fields.projectCompanyId);
		if (enable)
			this.people.enableInProjectCompany(
				person,
				projectCompanyId,
				(fields.userGroupId as string | null | undefined) ?? undefined,
			);
		else this.people.disableInProjectCompany(person, projectCompanyId);
		return { status: 200, body: this.view(person, []) };
	}

	private act(req: EmuRequest, change: (p: Person) => void) {
		const person = this.employee(req);
		change(person);
		return { status: 200, body: this.view(person, []) };
	}

	private applyProfile(
		person: Person,
		fields: Record<string, unknown>,
		dates: Record<string, string | null>,
		mode: 'replace' | 'patch',
	) {
		for (const f of ['firstName', 'lastName'])
			if (typeof fields[f] === 'string') person[f] = fields[f];
		if (typeof fields.phone === 'string') this.people.changePhone(person, fields.phone, 'phone');
		for (const f of ['birthDate', ...Object.keys(OPTIONAL_PROFILE)]) {
			if (!(f in fields)) {
				if (mode === 'replace' && f !== 'birthDate' && f in OPTIONAL_PROFILE) person[f] = null;
				continue;
			}
			person[f] = DATE_FIELDS.includes(f) ? dates[f] : fields[f];
		}
		this.people.touch(person);
	}

	private checkNumberFree(companyId: string, employeeNumber: string, field: string) {
		if (this.people.byNumber(this.people.wholeStructureOf(companyId), employeeNumber)) {
			throw validationErrors([
				fieldError(
					field,
					`An employee with employeeNumber '${employeeNumber}' already exists in the company structure.`,
					'DuplicateEmployeeNumber',
				),
			]);
		}
	}

	/** The employee of the path, within the caller's company structure; 404 otherwise. */
	private employee(req: EmuRequest): Person {
		const person = this.people.byNumber(
			this.people.structureOf(req.caller.companyId),
			req.params.employeeNumber,
		);
		if (!person) throw this.people.notFound(req.params.employeeNumber);
		return person;
	}

	view(person: Person, includes: Include[]) {
		const employment = this.people.primaryEmployment(person);
		const company = (id: string) => this.ctx.companies.get(id)?.name ?? null;
		const body: Record<string, unknown> = {
			employeeNumber: person.employeeNumber,
			identityId: person.identityId,
			companyProfileId: person.companyProfileId,
			companyId: person.companyId,
			companyName: company(person.companyId),
			firstName: person.firstName,
			lastName: person.lastName,
			phone: person.phone,
			email: person.email ?? null,
			birthDate: toDateTime(person.birthDate),
			address: person.address ?? null,
			workTitle: person.workTitle ?? null,
			carRegistrationNumber: person.carRegistrationNumber ?? null,
			closestRelative: person.closestRelative ?? null,
			personalInfo: person.personalInfo ?? null,
			workCardId: person.workCardId ?? null,
			workCardExpirationDate: toDateTime(person.workCardExpirationDate as string | null),
			isDisabled: person.isDisabled,
			hasActiveEmployment: this.people.hasActiveEmployment(person),
			employment: employment ? employmentView(employment, company(employment.companyId)) : null,
			projectCompanies: person.projectCompanies.map((m) => ({
				...m,
				projectCompanyName: company(m.projectCompanyId),
				endDate: toDateTime(m.endDate),
			})),
			createdDateTime: person.createdDateTime,
			modifiedDateTime: person.modifiedDateTime,
		};
		if (includes.includes('tags')) body.tags = person.tags.map(tagView);
		if (includes.includes('work-time-arrangements')) {
			body.workTimeArrangements = person.workTimeArrangements.map((a) => ({
				...a,
				fromDate: toDateTime(a.fromDate),
				toDate: toDateTime(a.toDate),
			}));
		}
		if (includes.includes('employment-history')) {
			const h = this.people.employmentHistory(person);
			const v = (e: Employment) => employmentView(e, company(e.companyId));
			body.employmentHistory = {
				current: h.current ? v(h.current) : null,
				upcoming: h.upcoming.map(v),
				historical: h.historical.map(v),
			};
		}
		return body;
	}
}

function employmentView(e: Employment, companyName: string | null) {
	return { ...e, companyName, startDate: toDateTime(e.startDate), endDate: toDateTime(e.endDate) };
}

function phoneMessage(field: string, value: unknown): string {
	return `'${field}' must be a phone number in international format, e.g. +4791234567 (got '${String(value)}').`;
}

/** include=tags,work-time-arrangements,employment-history (comma-separated, repeatable). */
function readIncludes(req: EmuRequest): Include[] {
	const out: Include[] = [];
	for (const [k, v] of req.query) {
		if (k.toLowerCase() !== 'include') continue;
		for (const part of v
			.split(',')
			.map((s) => s.trim().toLowerCase())
			.filter(Boolean)) {
			if (!(INCLUDES as readonly string[]).includes(part)) {
				throw validationErrors([
					fieldError('include', `'include' accepts ${INCLUDES.join(', ')} (got '${part}').`),
				]);
			}
			out.push(part as Include);
		}
	}
	return out;
}

/** Checks phone, e-mail and dates of profile fields; returns the dates as yyyy-MM-dd (null clears). */
function checkProfile(fields: Record<string, unknown>): Record<string, string | null> {
	const problems = new Problems();
	if (fields.phone !== undefined && fields.phone !== null && !isPhone(fields.phone))
		problems.add('phone', phoneMessage('phone', fields.phone));
	if (typeof fields.email === 'string' && fields.email !== '' && !isEmail(fields.email))
		problems.add('email', "'email' must be an e-mail address.");
	problems.throwIfAny();
	const dates: Record<string, string | null> = {};
	for (const f of DATE_FIELDS)
		if (f in fields) dates[f] = fields[f] === null ? null : dateOf(fields[f])!;
	return dates;
}

/** Employment fields as stored (dates as yyyy-MM-dd); payroll must be 0, 1 or 2. */
function readEmployment(
	fields: Record<string, unknown>,
	prefix: string,
	partial: boolean,
): Partial<Employment> {
	const name = (f: string) => (prefix ? `${prefix}.${f}` : f);
	const payroll = fields.payroll;
	if (payroll !== undefined && payroll !== null && ![0, 1, 2].includes(payroll as number)) {
		throw validationErrors([
			fieldError(
				name('payroll'),
				`'${name('payroll')}' must be 0 (Disabled), 1 (Enabled) or 2 (Variable).`,
			),
		]);
	}
	const out: Partial<Employment> = {};
	if ('startDate' in fields)
		out.startDate =
			fields.startDate === null ? (null as unknown as string) : dateOf(fields.startDate)!;
	if ('endDate' in fields) out.endDate = fields.endDate === null ? null : dateOf(fields.endDate)!;
	if ('department' in fields) out.department = (fields.department as string | null) ?? null;
	if ('mainProjectNumber' in fields)
		out.mainProjectNumber = (fields.mainProjectNumber as string | null) ?? null;
	if ('payroll' in fields) out.payroll = (payroll as number | null) ?? 0;
	if (!partial && out.endDate && out.startDate && out.endDate < out.startDate) {
		throw validationErrors([
			fieldError(name('endDate'), `'${name('endDate')}' must not be before 'startDate'.`),
		]);
	}
	return out;
}
