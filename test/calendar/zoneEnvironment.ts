import NodeEnvironment from 'jest-environment-node';

/**
 * jest's node environment with one addition: `__setProcessTimeZone(zone)` sets the real
 * process's TZ. A test sees a copy of process.env, so assigning TZ there changes nothing; Node
 * (24 checked) re-reads TZ when the real process.env.TZ is assigned, for Date and Intl alike, so
 * one jest process can try every zone (calendar sweep, sweep.ts).
 */
export default class ZoneEnvironment extends NodeEnvironment {
	constructor(...args: ConstructorParameters<typeof NodeEnvironment>) {
		super(...args);
		this.global.__setProcessTimeZone = (zone: string | undefined) => {
			if (zone === undefined) delete process.env.TZ;
			else process.env.TZ = zone;
		};
	}
}
