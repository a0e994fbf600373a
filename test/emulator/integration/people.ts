import { businessError, conflict, forbidden, notFound, validationErrors } from '../core/apiError';
import type { EmulatorContext } from '../core/context';
import { newId, seededId } from '../core/ids';
import { fieldError } from '../core/validate';
import { addDays } from './peopleRules';

/**
 * A person known to the service: one identity (login by phone) with a profile in a company.
 * The v4 users and v5 employees APIs are two views of these records (see users-v4.ts and
 * employees-v5.ts); the rules both share live here.
 */
export interface PersonCore {
	companyId: string;
	employeeNumber: string;
	firstName: string;
	lastName: string;
	phone: string;
	email?: string | null;
}

/** Dates are days, kept as `yyyy-MM-dd` (string order is date order). */
export interface Employment {
	id: string;
	companyId: string;
	startDate: string;
	endDate: string | null;
	department: string | null;
	mainProjectNumber: string | null;
	/** 0 = Disabled, 1 = Enabled, 2 = Variable. */
	payroll: number;
}

export interface ProjectCompanyMembership {
	projectCompanyId: string;
	active: boolean;
	userGroupId: string;
	endDate: string | null;
}

export interface TagDefinition {
	id: string;
	companyId: string;
	name: string;
	isPayrollTag: boolean;
}

export interface TagAssignment {
	userTagId: string;
	tagId: string;
	tagName: string;
	isPayrollTag: boolean;
	applicableFromDate: string | null;
	applicableToDate: string | null;
}

export interface WorkTimeArrangement {
	id: string;
	name: string;
	fromDate: string;
	toDate: string | null;
}

/** Profile fields under their v5 names; the v4 view renames a few. */
export const PROFILE_FIELDS = [
	'email',
	'birthDate',
	'address',
	'workTitle',
	'carRegistrationNumber',
	'closestRelative',
	'personalInfo',
	'workCardId',
	'workCardExpirationDate',
	// Only the v4 API carries these.
	'mobilePrivate',
	'defaultResourceNumber',
	'organizationNumber',
] as const;

export interface Person extends PersonCore, Record<string, unknown> {
	identityId: string;
	companyProfileId: string;
	birthDate: string | null;
	isDisabled: boolean;
	employments: Employment[];
	projectCompanies: ProjectCompanyMembership[];
	tags: TagAssignment[];
	/** The v4 API's free key/value tags. */
	keyValueTags: Array<{ key: string; value: string }>;
	workTimeArrangements: WorkTimeArrangement[];
	/** Time registrations exist, so the person cannot be deleted. */
	hasTimeRegistrations: boolean;
	createdDateTime: string;
	modifiedDateTime: string;
}

export type NewPerson = PersonCore & {
	identityId?: string;
	companyProfileId?: string;
	employment?: Partial<Employment>;
	[key: string]: unknown;
};

/** User groups of every company; a project-company membership defaults to the user role. */
export const USER_GROUPS = [
	{ id: seededId('usrgroup', 1), name: 'User' },
	{ id: seededId('usrgroup', 2), name: 'Foreman' },
	{ id: seededId('usrgroup', 3), name: 'Project leader' },
];
export const DEFAULT_USER_GROUP_ID = USER_GROUPS[0].id;

/** One version of the people API (users v4, employees v5): a view of the one people store. */
export abstract class PeopleView {
	constructor(protected readonly ctx: EmulatorContext) {}

	protected get people(): PeopleSection {
		return this.ctx.sections.people;
	}

	/** Refuses a phone number a person of `companies` already has, as the service does. */
	protected refuseTakenPhone(companies: string[], phone: string, field: string, message: string) {
		if (this.people.inCompanies(companies).some((p) => p.phone === phone))
			throw validationErrors([fieldError(field, message, 'DuplicatePhoneNumber')]);
	}

	/** A new person from a create request's names, with the number and phone already checked. */
	protected addPerson(
		companyId: string,
		employeeNumber: string,
		fields: Record<string, unknown>,
		phone: string,
		employment: NewPerson['employment'],
	): Person {
		return this.people.add({
			companyId,
			employeeNumber,
			firstName: String(fields.firstName),
			lastName: String(fields.lastName),
			phone,
			employment,
		});
	}
}

export class PeopleSection {
	protected readonly people = new Map<string, Person>();
	private readonly tagDefinitions = new Map<string, TagDefinition>();
	/** Identities whose next v4 DELETE meets a concurrent change (answered 409). */
	private readonly concurrentChanges = new Set<string>();

	constructor(protected readonly ctx: EmulatorContext) {}

	add(person: NewPerson): Person {
		const now = this.ctx.clock.nowIso();
		const sameIdentity = this.all().find((p) => p.phone === person.phone);
		const { employment, ...rest } = person;
		const full: Person = {
			...Object.fromEntries(PROFILE_FIELDS.map((f) => [f, null])),
			isDisabled: false,
			projectCompanies: [],
			tags: [],
			keyValueTags: [],
			workTimeArrangements: [],
			hasTimeRegistrations: false,
			createdDateTime: now,
			modifiedDateTime: now,
			...rest,
			birthDate: (rest.birthDate as string | undefined) ?? null,
			employments: [],
			// One identity per phone number (the login); live identity ids carry characters that
			// must be URL-encoded in a path.
			identityId:
				person.identityId ??
				sameIdentity?.identityId ??
				`auth0|${newId()}/${person.employeeNumber} ø`,
			companyProfileId: person.companyProfileId ?? newId(),
		};
		full.employments.push(
			this.newEmployment(full.companyId, { startDate: '2020-01-01', ...(employment ?? {}) }),
		);
		this.people.set(full.companyProfileId, full);
		return full;
	}

	newEmployment(
		companyId: string,
		fields: Partial<Employment> & { startDate: string },
	): Employment {
		return {
			id: newId(),
			companyId,
			endDate: null,
			department: null,
			mainProjectNumber: null,
			payroll: 0,
			...fields,
		};
	}

	all(): Person[] {
		return [...this.people.values()];
	}

	remove(person: Person) {
		this.people.delete(person.companyProfileId);
	}

	touch(person: Person) {
		person.modifiedDateTime = this.ctx.clock.nowIso();
	}

	today(): string {
		return this.ctx.clock.nowIso().slice(0, 10);
	}

	/** Finds a person of the given companies by user id, phone number, full name or employee number. */
	findByReference(companyIds: string[], reference: string): Person | undefined {
		const ref = reference.trim().toLowerCase();
		return this.all().find(
			(p) =>
				companyIds.includes(p.companyId) &&
				[
					p.identityId,
					p.companyProfileId,
					p.phone,
					`${p.firstName} ${p.lastName}`,
					p.employeeNumber,
				]
					.filter(Boolean)
					.some((v) => String(v).toLowerCase() === ref),
		);
	}

	inCompanies(companyIds: string[]): Person[] {
		return this.all().filter((p) => companyIds.includes(p.companyId));
	}

	byNumber(companyIds: string[], employeeNumber: string): Person | undefined {
		return this.all().find(
			(p) => companyIds.includes(p.companyId) && p.employeeNumber === employeeNumber,
		);
	}

	byProfileId(companyProfileId: string): Person | undefined {
		return this.people.get(companyProfileId);
	}

	byIdentity(identityId: string): Person[] {
		return this.all().filter((p) => p.identityId === identityId);
	}

	/** The company and every company the caller may act on (its structure below it). */
	structureOf(companyId: string): string[] {
		return this.ctx.companies.structureOf(companyId);
	}

	/** Employee numbers of v5 are unique across the whole structure (root and all subsidiaries). */
	wholeStructureOf(companyId: string): string[] {
		return this.ctx.companies.structureOf(this.ctx.companies.rootOf(companyId));
	}

	checkCompany(callerCompanyId: string, companyId: string, field = 'companyId') {
		if (!this.ctx.companies.get(companyId))
			throw validationErrors([fieldError(field, `Company '${companyId}' does not exist.`)]);
		if (!this.ctx.companies.canAccess(callerCompanyId, companyId))
			throw forbidden(`No access to company '${companyId}'.`, field);
	}

	/** The phone number is the login: it may belong to one identity only. */
	checkPhoneFree(phone: string, identityId: string, field: string) {
		if (this.all().some((p) => p.phone === phone && p.identityId !== identityId)) {
			throw validationErrors([
				fieldError(
					field,
					`The phone number '${phone}' is already the login of another user.`,
					'DuplicatePhoneNumber',
				),
			]);
		}
	}

	/** Changes the login of the identity: every company profile follows. */
	changePhone(person: Person, phone: string, field: string) {
		if (phone === person.phone) return;
		this.checkPhoneFree(phone, person.identityId, field);
		for (const p of this.byIdentity(person.identityId)) {
			p.phone = phone;
			this.touch(p);
		}
	}

	// Employments --------------------------------------------------------------------------

	sortedEmployments(person: Person): Employment[] {
		return [...person.employments].sort((a, b) => a.startDate.localeCompare(b.startDate));
	}

	currentEmployment(person: Person): Employment | undefined {
		const today = this.today();
		return this.sortedEmployments(person)
			.reverse()
			.find((e) => e.startDate <= today && (e.endDate === null || e.endDate >= today));
	}

	/** Current, else the next upcoming, else the latest: what the v4 user shows. */
	primaryEmployment(person: Person): Employment | undefined {
		const today = this.today();
		const sorted = this.sortedEmployments(person);
		return (
			this.currentEmployment(person) ??
			sorted.find((e) => e.startDate > today) ??
			sorted[sorted.length - 1]
		);
	}

	employmentHistory(person: Person) {
		const today = this.today();
		const current = this.currentEmployment(person) ?? null;
		const sorted = this.sortedEmployments(person);
		return {
			current,
			upcoming: sorted.filter((e) => e.startDate > today),
			historical: sorted
				.filter((e) => e !== current && e.endDate !== null && e.endDate < today)
				.reverse(),
		};
	}

	hasActiveEmployment(person: Person): boolean {
		return this.currentEmployment(person) !== undefined;
	}

	/** Active now, or ended no longer than `days` ago (v4 employmentLookbackDays). */
	employedWithin(person: Person, days: number): boolean {
		const today = this.today();
		const since = addDays(today, -days);
		return person.employments.some(
			(e) => e.startDate <= today && (e.endDate === null || e.endDate >= since),
		);
	}

	/** Creating an employment ends the previous one the day before the new start. */
	createEmployment(
		person: Person,
		fields: Partial<Employment> & { startDate: string },
	): Employment {
		const sorted = this.sortedEmployments(person);
		const previous = sorted
			.filter((e) => e.endDate === null || e.endDate >= fields.startDate)
			.pop();
		if (previous && previous.startDate >= fields.startDate) {
			throw validationErrors([
				fieldError(
					'startDate',
					`'startDate' must be after the start of the current employment (${previous.startDate}).`,
					'EmploymentOverlap',
				),
			]);
		}
		if (previous) previous.endDate = addDays(fields.startDate, -1);
		const employment = this.newEmployment(person.companyId, fields);
		person.employments.push(employment);
		this.touch(person);
		return employment;
	}

	/**
	 * Ends the active employment; in a multi-company setup the identity's employments in the
	 * other companies of the structure and its project-company memberships end too.
	 */
	endEmployment(person: Person, endDate: string) {
		const current =
			this.currentEmployment(person) ??
			this.sortedEmployments(person).find((e) => e.endDate === null);
		if (!current)
			throw businessError(
				'NoActiveEmployment',
				`Employee '${person.employeeNumber}' has no active employment to end.`,
				'employeeNumber',
			);
		if (endDate < current.startDate) {
			throw validationErrors([
				fieldError(
					'endDate',
					`'endDate' must not be before the employment's start (${current.startDate}).`,
				),
			]);
		}
		const structure = this.wholeStructureOf(person.companyId);
		for (const p of this.byIdentity(person.identityId).filter((x) =>
			structure.includes(x.companyId),
		)) {
			for (const e of p.employments) {
				if (e.startDate <= endDate && (e.endDate === null || e.endDate > endDate))
					e.endDate = endDate;
			}
			for (const m of p.projectCompanies) {
				if (m.endDate === null || m.endDate > endDate) m.endDate = endDate;
				if (endDate < this.today()) m.active = false;
			}
			this.touch(p);
		}
	}

	// Enable / disable -----------------------------------------------------------------------

	/** v5 disable cascades to the identity's profiles across the structure and its memberships. */
	disable(person: Person, cascade: boolean) {
		const structure = this.wholeStructureOf(person.companyId);
		const targets = cascade
			? this.byIdentity(person.identityId).filter((p) => structure.includes(p.companyId))
			: [person];
		for (const p of targets) {
			p.isDisabled = true;
			if (cascade) for (const m of p.projectCompanies) m.active = false;
			this.touch(p);
		}
	}

	enable(person: Person) {
		person.isDisabled = false;
		this.touch(person);
	}

	enableInProjectCompany(
		person: Person,
		projectCompanyId: string,
		userGroupId: string | undefined,
	) {
		this.checkProjectCompany(person, projectCompanyId);
		const groupId = userGroupId ?? DEFAULT_USER_GROUP_ID;
		if (!USER_GROUPS.some((g) => g.id === groupId)) {
			throw validationErrors([
				fieldError('userGroupId', `User group '${groupId}' does not exist.`),
			]);
		}
		const existing = person.projectCompanies.find((m) => m.projectCompanyId === projectCompanyId);
		if (existing) Object.assign(existing, { active: true, userGroupId: groupId, endDate: null });
		else
			person.projectCompanies.push({
				projectCompanyId,
				active: true,
				userGroupId: groupId,
				endDate: null,
			});
		this.touch(person);
	}

	disableInProjectCompany(person: Person, projectCompanyId: string) {
		this.checkProjectCompany(person, projectCompanyId);
		const existing = person.projectCompanies.find((m) => m.projectCompanyId === projectCompanyId);
		if (!existing) {
			throw businessError(
				'NotInProjectCompany',
				`Employee '${person.employeeNumber}' is not enabled in project company '${projectCompanyId}'.`,
				'projectCompanyId',
			);
		}
		existing.active = false;
		this.touch(person);
	}

	private checkProjectCompany(person: Person, projectCompanyId: string) {
		if (!this.ctx.companies.get(projectCompanyId)) {
			throw validationErrors([
				fieldError('projectCompanyId', `Company '${projectCompanyId}' does not exist.`),
			]);
		}
		if (projectCompanyId === person.companyId) {
			throw validationErrors([
				fieldError(
					'projectCompanyId',
					"'projectCompanyId' must be another company than the employee's own.",
				),
			]);
		}
	}

	// Deleting ---------------------------------------------------------------------------------

	/** Why a person cannot be deleted: project roles and time registrations keep them. */
	deletableErrors(person: Person): string[] {
		const errors: string[] = [];
		if (person.hasTimeRegistrations)
			errors.push(`Employee '${person.employeeNumber}' has time registrations.`);
		const companies = this.wholeStructureOf(person.companyId);
		for (const project of this.ctx.sections.projects
			.all()
			.filter((p) => companies.includes(p.companyId))) {
			for (const role of ['mainForemanId', 'projectLeaderId'] as const) {
				const ref = project[role];
				if (typeof ref === 'string' && this.findByReference([person.companyId], ref) === person) {
					errors.push(
						`Employee '${person.employeeNumber}' is ${role === 'mainForemanId' ? 'main foreman' : 'project leader'} of project '${project.projectNumber}'.`,
					);
				}
			}
		}
		return errors;
	}

	/** Test hook: the next v4 DELETE of this identity meets a concurrent change (409, behaviour notes). */
	simulateConcurrentChange(identityId: string) {
		this.concurrentChanges.add(identityId);
	}

	takeConcurrentChange(identityId: string) {
		if (this.concurrentChanges.delete(identityId)) {
			throw conflict(
				`User '${identityId}' was changed while it was being deleted. Reload the user and try again.`,
				'identityId',
			);
		}
	}

	deleteChecked(person: Person) {
		const errors = this.deletableErrors(person);
		if (errors.length)
			throw businessError('EmployeeNotDeletable', errors.join(' '), 'employeeNumber');
		this.remove(person);
	}

	// Tags ---------------------------------------------------------------------------------------

	defineTag(companyId: string, name: string, isPayrollTag: boolean, id = newId()): TagDefinition {
		const tag = { id, companyId, name, isPayrollTag };
		this.tagDefinitions.set(id, tag);
		return tag;
	}

	tagDefinitionsOf(companyId: string): TagDefinition[] {
		return [...this.tagDefinitions.values()].filter((t) => t.companyId === companyId);
	}

	notFound(employeeNumber: string) {
		return notFound('Employee', employeeNumber, 'employeeNumber');
	}
}
