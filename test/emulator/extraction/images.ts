import { forbidden } from '../core/apiError';
import { API_PREFIXES } from '../core/apis';
import type { EmulatorContext } from '../core/context';
import { newId } from '../core/ids';
import type { EmuRequest, EmuResponse, Router } from '../core/router';
import {
	IMAGE_SOURCES,
	type GeoPoint,
	type ImageRecord,
	type ImageSource,
	type ParentRecord,
} from './imageModel';
import { pictureBytes, type PictureName } from './imagePictures';
import { readImageQuery, tokenScope, type ImageQuery } from './imageQuery';
import { imageRow, type ImageRow } from './imageRows';
import { fingerprint, ImageTokens, type ImageCursor } from './imageToken';
import { RoadEnrichment } from './roadEnrichment';

export interface NewParent {
	source: ImageSource;
	projectId: string;
	id?: string;
	taskId?: string;
	originDescription?: string;
	/** Company of the creating user; the project's company when omitted. */
	companyId?: string;
	activityId?: string | null;
	activityNumber?: string | null;
	location?: GeoPoint | null;
	sharedWithCompanyIds?: string[];
	createdDateTime?: string;
	modifiedDateTime?: string;
}

export interface NewImage {
	id?: string;
	/** Coordinates embedded in the file; null for none. */
	location?: GeoPoint | null;
	picture?: PictureName;
	fileNameOriginal?: string;
	uploader?: { companyId: string; userId: string; userName: string; securityLevel?: number };
	createdDateTime?: string;
	/** Whether to bump the parents' modification time (default true, as an upload does). */
	touchParents?: boolean;
	/** Run the road enrichment at once (seeding) instead of after the usual short delay. */
	enrichNow?: boolean;
}

/**
 * Image extraction (specification: Image extraction, GET {reporting_url}/v1/images): parent
 * records of three sources with their images, one row per (image x parent), drained source by
 * source with verifiable continuation tokens. Also an in-process API to add, change and remove
 * data between polls.
 */
export class ImagesSection {
	readonly enrichment = new RoadEnrichment();
	private readonly parents = new Map<string, ParentRecord>();
	private readonly images = new Map<string, ImageRecord>();
	private readonly tokens = new ImageTokens();

	constructor(private readonly ctx: EmulatorContext) {}

	registerExtraction(router: Router) {
		router.get('/v1/images', (req) => this.list(req), 'extraction');
	}

	// ---- in-process data API (seeding and tests) ----

	addParent(input: NewParent): ParentRecord {
		const project = this.ctx.sections.projects.all().find((p) => p.id === input.projectId);
		if (!project) throw new Error(`addParent: no project '${input.projectId}'`);
		const tasks = this.ctx.sections.workOrders.forProject(project.id);
		const task = tasks.find((t) => t.id === input.taskId) ?? tasks[0];
		const now = this.ctx.clock.nowIso();
		const created = input.createdDateTime ?? now;
		const parent: ParentRecord = {
			id: input.id ?? newId(),
			source: input.source,
			originDescription: input.originDescription ?? DEFAULT_ORIGIN[input.source],
			companyId: input.companyId ?? project.companyId,
			projectCompanyId: project.companyId,
			projectId: project.id,
			projectNumber: project.projectNumber,
			projectName: String(project.name ?? ''),
			taskId: task?.id ?? '',
			taskName: task?.name ?? '',
			activityId: input.activityId ?? null,
			activityNumber: input.activityNumber ?? null,
			createdDateTime: created,
			modifiedDateTime: input.modifiedDateTime ?? created,
			location: input.location ?? null,
			sharedWithCompanyIds: input.sharedWithCompanyIds ?? [],
			imageIds: [],
		};
		this.parents.set(parent.id, parent);
		return parent;
	}

	/** Uploads an image under one or more parents; its bytes go to the shared file store. */
	addImage(parentIds: string | string[], input: NewImage = {}): ImageRecord {
		const parents = (Array.isArray(parentIds) ? parentIds : [parentIds]).map((id) =>
			this.parentOrThrow(id),
		);
		const first = parents[0];
		const createdDateTime = input.createdDateTime ?? this.ctx.clock.nowIso();
		const id = input.id ?? newId();
		const uploader = input.uploader ?? this.defaultUploader(first.companyId);
		const picture = input.picture ?? 'landscape';
		const image: ImageRecord = {
			id,
			fileName: `${id}.png`,
			fileNameOriginal:
				input.fileNameOriginal ?? `IMG_${createdDateTime.replace(/\D/g, '').slice(0, 14)}.png`,
			fileType: 'image/png',
			picture,
			uploaderCompanyId: uploader.companyId,
			createdByUserId: uploader.userId,
			createdByUserName: uploader.userName,
			userSecurityLevel: uploader.securityLevel ?? 1,
			createdDateTime,
			location: input.location ?? null,
			enrichment: { readyAtMs: 0, status: 'pending', roadReference: null },
		};
		this.enrichment.schedule(image, Date.parse(createdDateTime));
		if (input.enrichNow) this.enrichment.run(image);
		this.images.set(id, image);
		this.storeFile(image);
		for (const parent of parents) this.attachImage(id, parent.id, input.touchParents ?? true);
		return image;
	}

	/** Hangs an existing image under another parent (one more row). */
	attachImage(imageId: string, parentId: string, touchParent = true) {
		const parent = this.parentOrThrow(parentId);
		if (!this.images.has(imageId)) throw new Error(`attachImage: no image '${imageId}'`);
		if (!parent.imageIds.includes(imageId)) parent.imageIds.push(imageId);
		if (touchParent) this.touch(parent);
	}

	/** Changes a parent (text, location, sharing); its modification time moves to now unless given. */
	modifyParent(
		parentId: string,
		changes: Partial<
			Pick<
				ParentRecord,
				'originDescription' | 'location' | 'sharedWithCompanyIds' | 'modifiedDateTime'
			>
		> = {},
	) {
		const parent = this.parentOrThrow(parentId);
		Object.assign(parent, changes);
		if (changes.modifiedDateTime === undefined) this.touch(parent);
		return parent;
	}

	/** Removes an image everywhere: its rows stop appearing and its file is gone (deletions are not reported). */
	removeImage(imageId: string) {
		if (!this.images.delete(imageId)) return false;
		this.ctx.files.delete(imageId);
		for (const parent of this.parents.values()) {
			const at = parent.imageIds.indexOf(imageId);
			if (at >= 0) {
				parent.imageIds.splice(at, 1);
				this.touch(parent);
			}
		}
		return true;
	}

	removeParent(parentId: string) {
		return this.parents.delete(parentId);
	}

	parent(id: string): ParentRecord | undefined {
		return this.parents.get(id);
	}

	image(id: string): ImageRecord | undefined {
		return this.images.get(id);
	}

	allParents(): ParentRecord[] {
		return [...this.parents.values()];
	}

	allImages(): ImageRecord[] {
		return [...this.images.values()];
	}

	/**
	 * Every row a query would return, without paging (what a complete Return All must yield).
	 * Runs due enrichments, as a read does.
	 */
	allRows(callerCompanyId: string, query: Partial<ImageQuery> = {}, fileBase = ''): ImageRow[] {
		const q: ImageQuery = { ...readImageQuery(new URLSearchParams()), ...query };
		q.mode = q.modifiedSinceMs === undefined ? 'full' : 'incremental';
		const nowMs = this.ctx.clock.now().getTime();
		return q.sources.flatMap((source) =>
			this.ordered(source, q, callerCompanyId).flatMap((p) => this.rowsOf(p, q, fileBase, nowMs)),
		);
	}

	// ---- GET /v1/images ----

	private list(req: EmuRequest): EmuResponse {
		const q = readImageQuery(req.query);
		const caller = req.caller.companyId;
		this.checkAccess(q, caller);
		const scope = fingerprint(tokenScope(q, caller));
		const cursor: ImageCursor = q.continuationToken
			? this.tokens.verify(q.continuationToken, scope, q.mode)
			: { source: q.sources[0], after: null };
		const fileBase = `http://${req.headers.host ?? '127.0.0.1'}${API_PREFIXES.integration}`;
		const nowMs = this.ctx.clock.now().getTime();

		let source = cursor.source;
		let after = cursor.after;
		let data: ImageRow[] = [];
		let parentCount = 0;
		let next: ImageCursor | undefined;
		for (;;) {
			const ordered = this.ordered(source, q, caller);
			const start = after ? firstAfter(ordered, after, q.mode) : 0;
			const page = ordered.slice(start, start + q.chunkLimit);
			data = page.flatMap((p) => this.rowsOf(p, q, fileBase, nowMs));
			parentCount = page.length;
			if (start + page.length < ordered.length) {
				next = { source, after: sortKey(page[page.length - 1], q.mode) };
				break;
			}
			// This source is exhausted: the token moves to the next enabled source.
			const following = q.sources[q.sources.indexOf(source) + 1];
			if (!following) break;
			if (page.length > 0) {
				next = { source: following, after: null };
				break;
			}
			source = following;
			after = null;
		}

		// The last page answers an empty token and no next link, as the other extraction endpoints do.
		const continuationToken = next ? this.tokens.issue(next, scope, q.mode) : '';
		return {
			status: 200,
			body: {
				data,
				meta: {
					source,
					sources: q.sources,
					parentRecordCount: parentCount,
					chunkLimit: q.chunkLimit,
				},
				continuationToken,
				syncTypeName: q.mode,
				recordCount: data.length,
				deletedRecordCount: 0,
				links: continuationToken ? { next: nextLink(req.query, continuationToken) } : {},
			},
		};
	}

	/** A project or company outside the caller's structure (and not sharing data with it) answers 403. */
	private checkAccess(q: ImageQuery, caller: string) {
		const companies = this.ctx.companies;
		const sharers = new Set(
			[...this.parents.values()]
				.filter((p) => p.sharedWithCompanyIds.includes(caller))
				.map((p) => p.projectCompanyId),
		);
		const reachable = (companyId: string) =>
			companies.canAccess(caller, companyId) || sharers.has(companyId);
		if (q.companyId && !reachable(q.companyId))
			throw forbidden(`No access to company '${q.companyId}'.`, 'CompanyId');
		if (q.projectId) {
			const project = this.ctx.sections.projects.all().find((p) => p.id === q.projectId);
			const shared = [...this.parents.values()].some(
				(p) => p.projectId === q.projectId && p.sharedWithCompanyIds.includes(caller),
			);
			if (project && !companies.canAccess(caller, project.companyId) && !shared) {
				throw forbidden(`No access to project '${q.projectId}'.`, 'ProjectId');
			}
		}
	}

	/** The parents of one source that the query selects and that emit at least one row, in paging order. */
	private ordered(source: ImageSource, q: ImageQuery, caller: string): ParentRecord[] {
		const structure = this.ctx.companies.structureOf(caller);
		const out: ParentRecord[] = [];
		for (const p of this.parents.values()) {
			if (p.source !== source) continue;
			const owned = structure.includes(p.projectCompanyId);
			const shared = !owned && p.sharedWithCompanyIds.includes(caller);
			if (!owned && !shared) continue;
			if (q.ownCompanyDataOnly && !owned) continue;
			if (q.excludeDataFromSubsidiaries && owned && p.projectCompanyId !== caller) continue;
			if (q.projectId && p.projectId !== q.projectId) continue;
			if (q.companyId && p.projectCompanyId !== q.companyId) continue;
			if (q.mode === 'full') {
				const created = Date.parse(p.createdDateTime);
				if (q.fromMs !== undefined && created < q.fromMs) continue;
				if (q.toMs !== undefined && created > q.toMs) continue; // ToDateTime is inclusive
			} else {
				const modified = Date.parse(p.modifiedDateTime);
				if (modified < (q.modifiedSinceMs as number)) continue;
				if (q.modifiedBeforeMs !== undefined && modified >= q.modifiedBeforeMs) continue;
			}
			if (this.visibleImages(p, q).length === 0) continue;
			out.push(p);
		}
		return out.sort((a, b) => compareKeys(sortKey(a, q.mode), sortKey(b, q.mode)));
	}

	private visibleImages(parent: ParentRecord, q: ImageQuery): ImageRecord[] {
		const out: ImageRecord[] = [];
		for (const id of parent.imageIds) {
			const image = this.images.get(id);
			if (!image) continue;
			if (q.requireGeoCoordinate && !image.location && !parent.location) continue;
			out.push(image);
		}
		return out;
	}

	private rowsOf(parent: ParentRecord, q: ImageQuery, fileBase: string, nowMs: number): ImageRow[] {
		return this.visibleImages(parent, q).map((image) =>
			imageRow(image, parent, fileBase, this.enrichment.current(image, nowMs)),
		);
	}

	private touch(parent: ParentRecord) {
		const now = this.ctx.clock.nowIso();
		// Modification time never goes backwards, even when seeded data lies in the future.
		if (now > parent.modifiedDateTime) parent.modifiedDateTime = now;
	}

	private parentOrThrow(id: string): ParentRecord {
		const parent = this.parents.get(id);
		if (!parent) throw new Error(`No parent record '${id}'`);
		return parent;
	}

	private defaultUploader(companyId: string): NonNullable<NewImage['uploader']> {
		const person = this.ctx.sections.people.all().find((p) => p.companyId === companyId);
		return person
			? {
					companyId,
					userId: person.companyProfileId,
					userName: `${person.firstName} ${person.lastName}`,
				}
			: { companyId, userId: newId(), userName: 'Field worker' };
	}

	/** Puts the picture into the shared file store; the bytes are drawn on first read. */
	private storeFile(image: ImageRecord) {
		const stored = this.ctx.files.put({
			id: image.id,
			companyId: image.uploaderCompanyId,
			fileName: image.fileNameOriginal,
			contentType: image.fileType,
			bytes: Buffer.alloc(0),
			createdDateTime: image.createdDateTime,
			// Shared parent records make their images readable by the companies they are shared with.
			isSharedWith: (companyId) =>
				[...this.parents.values()].some(
					(p) => p.imageIds.includes(image.id) && p.sharedWithCompanyIds.includes(companyId),
				),
		});
		Object.defineProperty(stored, 'bytes', {
			get: () => pictureBytes(image.picture),
			enumerable: true,
			configurable: true,
		});
	}
}

const DEFAULT_ORIGIN: Record<ImageSource, string> = {
	feed: 'Project feed',
	alert: 'Incident registration',
	checklist: 'Safe Job Analysis',
};

function sortKey(parent: ParentRecord, mode: ImageQuery['mode']): [string, string] {
	return [mode === 'full' ? parent.createdDateTime : parent.modifiedDateTime, parent.id];
}

function compareKeys(a: [string, string], b: [string, string]): number {
	const ta = Date.parse(a[0]);
	const tb = Date.parse(b[0]);
	if (ta !== tb) return ta - tb;
	return a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0;
}

/** Index of the first parent after the cursor's key (keyset paging: changes between pages shift nothing). */
function firstAfter(
	ordered: ParentRecord[],
	after: [string, string],
	mode: ImageQuery['mode'],
): number {
	const at = ordered.findIndex((p) => compareKeys(sortKey(p, mode), after) > 0);
	return at < 0 ? ordered.length : at;
}

/** links.next: the same query with the new token, relative to {reporting_url}. */
function nextLink(query: URLSearchParams, token: string): string {
	const params = new URLSearchParams();
	for (const [k, v] of query) if (k.toLowerCase() !== 'continuationtoken') params.append(k, v);
	params.append('ContinuationToken', token);
	return `/v1/images?${params.toString()}`;
}

export { IMAGE_SOURCES };
