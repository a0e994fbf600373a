import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeParameterResourceLocator,
} from 'n8n-workflow';

import { assertSegment } from '../../../shared/transport/pathSegment';
import { projectIdOfNumber } from '../../helpers/locators';
import { PICKERS, shapeAdvice } from '../../helpers/pickerHints';
import type { ExtractionOptions } from './query';
import { windowQuery } from './windowQuery';

export const IMAGE_SOURCES = ['feed', 'alert', 'checklist'];

/** The options of Get Images: those of the other extractions but the page timeout. */
export type ImageOptions = Omit<ExtractionOptions, 'timeout'>;

interface ImageFilters {
	companyId?: string;
	excludeDataFromSubsidiaries?: boolean;
	ownCompanyDataOnly?: boolean;
	project?: INodeParameterResourceLocator | string;
	requireGeoCoordinate?: boolean;
}

/**
 * The query of GET /v1/images for one input item, with the specification's checks made before
 * any request (ChunkLimit 1 to 10000; ModifiedBefore only with ModifiedSince and later than it).
 * The same object is resent on every page.
 */
export async function buildImageQuery(
	this: IExecuteFunctions,
	itemIndex: number,
	options: ImageOptions,
	limit: number | undefined,
): Promise<IDataObject> {
	const fail = (message: string, description: string) =>
		new NodeOperationError(this.getNode(), message, { description, itemIndex });
	const qs: IDataObject = {};
	const filters = this.getNodeParameter('filters', itemIndex, {}) as ImageFilters;

	const projectId = await readProject.call(this, filters.project, itemIndex);
	if (projectId !== undefined) qs.ProjectId = projectId;
	if (filters.companyId !== undefined) {
		const companyId = String(filters.companyId).trim();
		if (companyId === '')
			throw fail(
				'Company ID is empty',
				'Enter the id of the project company whose data you want, or remove the Company ID filter.',
			);
		qs.CompanyId = companyId;
	}

	const sources = this.getNodeParameter('sources', itemIndex, []) as unknown;
	const list = (Array.isArray(sources) ? sources : String(sources ?? '').split(','))
		.map((s) => String(s).trim().toLowerCase())
		.filter((s) => s !== '');
	const invalid = list.filter((s) => !IMAGE_SOURCES.includes(s));
	if (invalid.length) {
		throw fail(
			`Sources has an invalid value: ${invalid.map((s) => `"${s}"`).join(', ')}`,
			'Choose from feed, alert and checklist, or select none for all three.',
		);
	}
	// Sent as a repeated parameter (Sources=feed&Sources=alert), the way the service reads lists.
	if (list.length) qs.Sources = [...new Set(list)];

	Object.assign(qs, windowQuery(this, itemIndex, options, limit));

	for (const [key, name] of [
		['requireGeoCoordinate', 'RequireGeoCoordinate'],
		['ownCompanyDataOnly', 'OwnCompanyDataOnly'],
		['excludeDataFromSubsidiaries', 'ExcludeDataFromSubsidiaries'],
	] as const) {
		if (filters[key] !== undefined) qs[name] = Boolean(filters[key]);
	}
	return qs;
}

/** The ProjectId of the Project filter: as given, or looked up by project number; undefined when unset. */
async function readProject(
	this: IExecuteFunctions,
	locator: ImageFilters['project'],
	itemIndex: number,
): Promise<string | undefined> {
	if (locator === undefined) return undefined;
	const mode = typeof locator === 'object' && locator ? String(locator.mode) : 'id';
	const value = String(
		(typeof locator === 'object' && locator ? locator.value : locator) ?? '',
	).trim();
	if (value === '') {
		throw new NodeOperationError(this.getNode(), 'Project is empty', {
			description:
				'Pick a project from the list, or enter its ID or project number in the Project filter, or remove the filter for all projects.',
			itemIndex,
		});
	}
	assertSegment(
		this,
		value,
		mode === 'projectNumber' ? 'Project number' : 'Project ID',
		'Project',
		itemIndex,
	);
	// An ID no project has gives no images, not a 404: say it before the request, as a picker's not-found would.
	const advice = shapeAdvice(PICKERS.project, mode, value);
	if (advice)
		this.addExecutionHints({
			message: `Project filter: ${advice} A project ID that does not exist gives no images.`,
			location: 'outputPane',
		});
	return mode === 'projectNumber' ? await projectIdOfNumber(this, value, itemIndex) : value;
}
