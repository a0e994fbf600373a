import type { FaultRule } from '../emulator/control/faults';
import type { Fixture } from './emulatorFixture';

/** The endpoint of a fault rule: which service and a substring of the path. */
export type Endpoint = Required<Pick<FaultRule, 'api' | 'path'>>;

/** A fault rule on the endpoint its file names once: when and how the service fails. */
export type PageRule = Omit<FaultRule, 'api' | 'path'>;

/** Get Time Registrations' pages, the paginator most failure cases break. */
export const TIME_REGISTRATION_PAGES: Endpoint = {
	api: 'extraction',
	path: '/v1/time-registrations',
};

/**
 * Adds fault rules on one endpoint, named once per file, so a case states only when and how the
 * service fails (useEmulator clears the rules before the next case).
 */
export function faultsOn(fx: Fixture, endpoint: Endpoint = TIME_REGISTRATION_PAGES) {
	return (...rules: PageRule[]): void => {
		for (const rule of rules) fx.emulator.ctx.faults.add({ ...endpoint, ...rule });
	};
}
