import type { Faults } from '../control/faults';
import type { RequestLog } from '../control/requestLog';
import type { Clients } from '../identity/clients';
import type { Sections } from '../sections';
import type { Clock } from './clock';
import type { Companies } from './companies';
import type { FileStore } from './fileStore';
import type { Latency } from './latency';

export interface EmulatorOptions {
	/** Name of the integration scope; the live name carries the vendor's brand. */
	integrationScope: string;
	/** Name of the data extraction scope. */
	extractionScope: string;
	/** Largest request body in bytes (the live service answers 413 above it). */
	maxRequestBytes: number;
}

export const DEFAULT_OPTIONS: EmulatorOptions = {
	integrationScope: 'svcapiv3',
	extractionScope: 'reportingapiv1',
	maxRequestBytes: 30_000_000,
};

/** What every section of the emulator shares. */
export interface EmulatorContext {
	options: EmulatorOptions;
	clock: Clock;
	companies: Companies;
	clients: Clients;
	log: RequestLog;
	faults: Faults;
	files: FileStore;
	/** How far away the service is, and the requests in flight (core/latency.ts). */
	latency: Latency;
	sections: Sections;
}
