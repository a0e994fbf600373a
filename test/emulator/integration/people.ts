import type { EmulatorContext } from '../core/context';
import { newId } from '../core/ids';

/**
 * A person known to the service: one identity (login by phone) with a profile in a company.
 * The v4 users and v5 employees APIs are two views of these records.
 */
export interface PersonCore {
	companyId: string;
	employeeNumber: string;
	firstName: string;
	lastName: string;
	phone: string;
	email?: string | null;
}

export interface Person extends PersonCore, Record<string, unknown> {
	identityId: string;
	companyProfileId: string;
}

export class PeopleSection {
	protected readonly people = new Map<string, Person>();

	constructor(protected readonly ctx: EmulatorContext) {}

	add(person: PersonCore & { identityId?: string; companyProfileId?: string; [key: string]: unknown }): Person {
		const full: Person = {
			...person,
			// Live identity ids carry characters that must be URL-encoded in a path.
			identityId: person.identityId ?? `${newId()}|idp/${person.employeeNumber}`,
			companyProfileId: person.companyProfileId ?? newId(),
		};
		this.people.set(full.companyProfileId, full);
		return full;
	}

	all(): Person[] {
		return [...this.people.values()];
	}

	/** Finds a person of the given companies by user id, phone number, full name or employee number. */
	findByReference(companyIds: string[], reference: string): Person | undefined {
		const ref = reference.trim().toLowerCase();
		return this.all().find(
			(p) =>
				companyIds.includes(p.companyId) &&
				[p.identityId, p.companyProfileId, p.phone, `${p.firstName} ${p.lastName}`, p.employeeNumber]
					.filter(Boolean)
					.some((v) => String(v).toLowerCase() === ref),
		);
	}
}
