import type { INodeParameterResourceLocator, INodeParameters } from 'n8n-workflow';

import { DEMO } from '../emulator';
import type { NewPerson, Person } from '../emulator/integration/people';
import { PEOPLE } from '../emulator/seed/people';
import { executeNode } from '../harness/execute';
import type { Fixture } from './emulatorFixture';

export { PEOPLE };

/** A new user's required fields, as User > Create takes them and users v4 receives them; `over` on top. */
export const newUserFields = (over: Record<string, unknown> = {}) => ({
	companyId: DEMO.companies.parent,
	employeeNumber: '7001',
	firstName: 'Eva',
	lastName: 'Strand',
	mobileWork: '+4790000001',
	birthDate: '01.02.1990',
	employmentStartDate: '2024-01-15',
	...over,
});

/** Resource locator values as the n8n editor stores them. */
export const locator = (mode: string, value: string): INodeParameterResourceLocator => ({
	__rl: true,
	mode,
	value,
});
export const byNumber = (value: string) => locator('employeeNumber', value);
export const byId = (value: string) => locator('id', value);
export const fromList = (value: string) => locator('list', value);

/** A seeded person of the parent company (or another company), straight from the emulator's store. */
export function person(
	fx: Fixture,
	employeeNumber: string,
	companyId: string = DEMO.companies.parent,
): Person {
	const found = fx.emulator.ctx.sections.people.byNumber([companyId], employeeNumber);
	if (!found) throw new Error(`No seeded person ${employeeNumber} in ${companyId}`);
	return found;
}

let newPeople = 0;

/**
 * A person of the parent company that no other test knows: a unique employee number, phone (so
 * its own identity) and name. For a case that changes or deletes a person, so that the cases of
 * a file (one emulator) pass in any order.
 */
export function newPerson(fx: Fixture, fields: Partial<NewPerson> = {}): Person {
	const n = ++newPeople;
	return fx.emulator.ctx.sections.people.add({
		companyId: DEMO.companies.parent,
		employeeNumber: `T-${n}`,
		firstName: 'Test',
		lastName: `Person ${n}`,
		phone: `+4790000${String(n).padStart(3, '0')}`,
		...fields,
	});
}

/** The encoded path segment the node must send for an id. */
export const enc = encodeURIComponent;

/** A bad input for a people operation: name, parameters, message pattern, requests that reached the service as [method, status]. */
export type BadInput = [string, INodeParameters, RegExp, Array<[string, number]>];

/** One test per bad input: a clear NodeOperationError or NodeApiError, no items, exactly the requests expected. */
export function itRefusesEach(fx: Fixture, cases: BadInput[]) {
	it.each(cases)('%s', async (_name, parameters, message, requests) => {
		const result = await executeNode({ credentials: fx.credentials, parameters });
		expect(result.error?.message).toMatch(message);
		expect(result.error?.name).toMatch(/NodeOperationError|NodeApiError/);
		expect(result.items).toEqual([]);
		expect(fx.apiRequests().map((r) => [r.method, r.status])).toEqual(requests);
	});
}
