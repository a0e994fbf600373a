import { NodeOperationError, type IDataObject, type IPollFunctions } from 'n8n-workflow';

import { payrollLineFilterQuery } from '../shared/extraction/payrollLineFilters';
import { readEmitChoice } from './emitChoice';
import { OTHER_ENDPOINT_EVENT, otherEndpointStream } from './otherEndpoint';
import { imageStream, recordStream, type ChangeEvent, type StreamKind } from './sync/changes';
import type { SeenSet } from './sync/seen';

/** One watched extraction endpoint: what to ask and how its records become changes. */
export interface ExtractionStream {
	/** Names the state; another stream starts afresh. */
	name: string;
	path: string;
	what: string;
	/** Filters resent on every page besides the window and the page size. */
	filter: IDataObject;
	kind: (seen: SeenSet, createdSince: () => number) => StreamKind;
	/** Kinds of change that are output; the others are read (and remembered) but dropped. */
	emit: Set<ChangeEvent>;
}

export function extractionStream(ctx: IPollFunctions, event: string): ExtractionStream {
	if (event === OTHER_ENDPOINT_EVENT) return otherEndpointStream(ctx);
	if (event === 'timeRegistration') {
		const emit = readEmitChoice(ctx, 'timeRegistrationEvents');
		return {
			name: 'timeRegistration',
			path: '/v1/time-registrations',
			what: 'Poll time registrations',
			filter: {},
			kind: (seen, createdSince) => recordStream({ distinguishCreated: true, seen, createdSince }),
			emit,
		};
	}
	if (event === 'payrollLine') {
		const extended = ctx.getNodeParameter('payrollLineDetail', 'plain') === 'extended';
		const includeDeletions = ctx.getNodeParameter('includeDeletions', true) as boolean;
		const filter =
			payrollLineFilterQuery(ctx.getNode(), (name) => ctx.getNodeParameter(name, null)) ?? {};
		// Other filters watch other lines: the stream starts afresh instead of mixing two memories.
		const filterName = Object.values(filter).join(':');
		return {
			name: `${extended ? 'payrollLineExtended' : 'payrollLine'}${filterName ? `:${filterName}` : ''}`,
			path: extended ? '/v1/payroll-lines-extended' : '/v1/payroll-lines',
			what: extended ? 'Poll payroll lines extended' : 'Poll payroll lines',
			filter,
			kind: (seen, createdSince) => recordStream({ distinguishCreated: false, seen, createdSince }),
			emit: new Set<ChangeEvent>(includeDeletions ? ['changed', 'deleted'] : ['changed']),
		};
	}
	if (event !== 'image') {
		throw new NodeOperationError(ctx.getNode(), `Unknown event "${event}"`, {
			description: 'Pick an Event from the list.',
		});
	}
	const filters = ctx.getNodeParameter('imageFilters', {}) as IDataObject;
	const filter: IDataObject = {};
	if (filters.projectId) filter.ProjectId = String(filters.projectId).trim();
	if (filters.companyId) filter.CompanyId = String(filters.companyId).trim();
	if (Array.isArray(filters.sources) && filters.sources.length > 0)
		filter.Sources = filters.sources as string[];
	if (filters.requireGeoCoordinate === true) filter.RequireGeoCoordinate = true;
	if (filters.ownCompanyDataOnly === true) filter.OwnCompanyDataOnly = true;
	if (filters.excludeDataFromSubsidiaries === true) filter.ExcludeDataFromSubsidiaries = true;
	return {
		name: 'image',
		path: '/v1/images',
		what: 'Poll images',
		filter,
		kind: () => imageStream(),
		emit: new Set<ChangeEvent>(['added']),
	};
}
