import { businessError, notFound } from '../core/apiError';
import type { EmulatorContext } from '../core/context';
import type { EmuRequest, EmuResponse, Router } from '../core/router';
import { getQuery, queryBool } from '../core/validate';
import type { Project } from './projects';
import type { WorkOrder } from './workOrders';
import { checkParts, normaliseFileName } from './documentRules';
import { parseMultipart } from './multipart';
import { contentDisposition } from './contentDisposition';

/** Fixed first part of every page's external id (notes: `<prefix>:<projectId>:<lower-cased section>`). */
export const PAGE_PREFIX = 'infopage';
export const DEFAULT_SECTION = 'Documents';
/** Info-page collection the documents belong to (notes: `fileReference.collectionRef`). */
export const COLLECTION_REF = 'InfoPageDocuments';

export interface DocumentPage {
	projectId: string;
	section: string;
	pageExternalId: string;
	/** Document ids in upload order. */
	documentIds: string[];
}

export interface StoredDocument {
	id: string;
	name: string;
	size: number;
	fileType: string;
	createdDateTime: string;
	projectId: string;
	/** Set when uploaded through a work order. */
	workOrderId?: string;
	pageKey: string;
}

type Parent =
	| { kind: 'project'; project: Project }
	| { kind: 'workOrder'; project: Project; workOrder: WorkOrder };

export interface NewDocument {
	name: string;
	mimeType: string;
	bytes: Buffer;
}

/** Documents on project information pages (specification: Endpoints > Documents). */
export class DocumentsSection {
	private readonly pages = new Map<string, DocumentPage>();
	private readonly documents = new Map<string, StoredDocument>();

	constructor(private readonly ctx: EmulatorContext) {}

	registerIntegration(router: Router) {
		for (const kind of ['projects', 'tasks'] as const) {
			const base = `/api/v4/integration/${kind}/:id/documents`;
			router.post(base, (req) => this.upload(req, this.parent(req, kind)));
			router.get(base, (req) => ({ status: 200, body: this.list(this.parent(req, kind)) }));
			router.get(`${base}/:fileReferenceId`, (req) =>
				this.download(this.parent(req, kind), req.params.fileReferenceId),
			);
			router.delete(`${base}/:fileReferenceId`, (req) => {
				const doc = this.documentOn(this.parent(req, kind), req.params.fileReferenceId);
				this.remove(doc);
				return { status: 204 };
			});
		}
	}

	/** Administrator clients only; a project or work order outside the company is a business error, a missing one 404. */
	private parent(req: EmuRequest, kind: 'projects' | 'tasks'): Parent {
		if (!req.caller.isAdministrator) {
			throw businessError(
				'DocumentService.administratorRequired',
				'Documents can only be managed by an API client with Administrator access.',
			);
		}
		const { id } = req.params;
		const companyId = req.caller.companyId;
		if (kind === 'projects') {
			const project = this.ctx.sections.projects.find(companyId, id);
			if (project) return { kind: 'project', project };
			if (this.ctx.sections.projects.all().some((p) => p.id === id))
				throw noAccess('Project', id, 'id');
			throw notFound('Project', id);
		}
		const workOrder = this.ctx.sections.workOrders.find(companyId, id);
		if (workOrder) {
			return {
				kind: 'workOrder',
				workOrder,
				project: this.ctx.sections.projects.visible(companyId, workOrder.projectId),
			};
		}
		if (this.ctx.sections.workOrders.all().some((w) => w.id === id))
			throw noAccess('Work order', id, 'id');
		throw notFound('Work order', id);
	}

	private async upload(req: EmuRequest, parent: Parent): Promise<EmuResponse> {
		const replace = queryBool(req.query, 'replaceExistingFilesWithSameName') ?? false;
		const requested = (getQuery(req.query, 'section') ?? '').trim();
		const parts = await parseMultipart(req, this.ctx.options.maxRequestBytes);
		req.logBody({
			parts: parts.map((p) => ({
				field: p.field,
				fileName: p.fileName,
				mimeType: p.mimeType,
				size: p.bytes.length,
			})),
		});
		checkParts(parts);
		const section = requested || defaultSection(parent);
		const files = parts.map((p) => ({
			name: normaliseFileName(p.fileName),
			mimeType: p.mimeType,
			bytes: p.bytes,
		}));
		const created = this.store(parent, section, files, replace);
		const page = this.pages.get(pageKey(parent.project.id, section))!;
		return {
			status: 200,
			body: {
				successful: true,
				message: `${created.length} file(s) uploaded.`,
				section: page.section,
				pageExternalId: page.pageExternalId,
				files: created.map(fileView),
				infoPageFiles: this.filesOf(page).map(listEntry),
			},
		};
	}

	/** Stores files on the (project, section) page; used by uploads and seeding. */
	store(parent: Parent, section: string, files: NewDocument[], replace = false): StoredDocument[] {
		const key = pageKey(parent.project.id, section);
		let page = this.pages.get(key);
		if (!page) {
			page = {
				projectId: parent.project.id,
				section,
				pageExternalId: `${PAGE_PREFIX}:${parent.project.id}:${section.toLowerCase()}`,
				documentIds: [],
			};
			this.pages.set(key, page);
		}
		if (replace) {
			const names = new Set(files.map((f) => f.name));
			for (const doc of this.filesOf(page)) if (names.has(doc.name)) this.remove(doc);
		}
		const created: StoredDocument[] = [];
		for (const file of files) {
			const stored = this.ctx.files.put({
				companyId: parent.project.companyId,
				fileName: file.name,
				contentType: file.mimeType,
				bytes: file.bytes,
			});
			const doc: StoredDocument = {
				id: stored.id,
				name: file.name,
				size: file.bytes.length,
				fileType: file.mimeType,
				createdDateTime: stored.createdDateTime,
				projectId: parent.project.id,
				workOrderId: parent.kind === 'workOrder' ? parent.workOrder.id : undefined,
				pageKey: key,
			};
			this.documents.set(doc.id, doc);
			page.documentIds.push(doc.id);
			created.push(doc);
		}
		return created;
	}

	/** Pages of the project, or the pages holding a work order's documents (only those documents). */
	private list(parent: Parent) {
		const pages = [...this.pages.values()].filter((p) => p.projectId === parent.project.id);
		return pages
			.map((page) => ({ page, files: this.filesOf(page).filter((d) => belongsTo(d, parent)) }))
			.filter(({ files }) => parent.kind === 'project' || files.length > 0)
			.map(({ page, files }) => ({
				section: page.section,
				pageExternalId: page.pageExternalId,
				files: files.map(listEntry),
			}));
	}

	private download(parent: Parent, id: string): EmuResponse {
		const doc = this.documentOn(parent, id);
		const file = this.ctx.files.get(doc.id);
		if (!file) throw notFound('Document', id, 'fileReferenceId');
		return {
			status: 200,
			bytes: file.bytes,
			headers: {
				'content-type': 'application/octet-stream',
				'content-disposition': contentDisposition('attachment', doc.name),
			},
		};
	}

	/** 404 unless the document is on that project (or was uploaded through that work order). */
	private documentOn(parent: Parent, id: string): StoredDocument {
		const doc = this.documents.get(id);
		if (!doc || !belongsTo(doc, parent)) throw notFound('Document', id, 'fileReferenceId');
		return doc;
	}

	private remove(doc: StoredDocument) {
		this.documents.delete(doc.id);
		this.ctx.files.delete(doc.id);
		const page = this.pages.get(doc.pageKey);
		if (page) page.documentIds = page.documentIds.filter((d) => d !== doc.id);
	}

	private filesOf(page: DocumentPage): StoredDocument[] {
		return page.documentIds
			.map((id) => this.documents.get(id))
			.filter((d): d is StoredDocument => d !== undefined);
	}

	/** For tests and seeds: a project or work order as a parent. */
	parentOf(kind: 'project' | 'workOrder', id: string): Parent {
		if (kind === 'project') {
			const project = this.ctx.sections.projects.all().find((p) => p.id === id);
			if (!project) throw new Error(`No project ${id}`);
			return { kind, project };
		}
		const workOrder = this.ctx.sections.workOrders.all().find((w) => w.id === id);
		const project = this.ctx.sections.projects.all().find((p) => p.id === workOrder?.projectId);
		if (!workOrder || !project) throw new Error(`No work order ${id}`);
		return { kind, workOrder, project };
	}

	get(id: string): StoredDocument | undefined {
		return this.documents.get(id);
	}

	pagesOf(projectId: string): DocumentPage[] {
		return [...this.pages.values()].filter((p) => p.projectId === projectId);
	}
}

function pageKey(projectId: string, section: string): string {
	return `${projectId}\u0000${section.toLowerCase()}`;
}

/** Work-order uploads default to a page named after the work order's number. */
function defaultSection(parent: Parent): string {
	if (parent.kind === 'project') return DEFAULT_SECTION;
	return parent.workOrder.externalId || parent.workOrder.name || DEFAULT_SECTION;
}

function belongsTo(doc: StoredDocument, parent: Parent): boolean {
	if (doc.projectId !== parent.project.id) return false;
	return parent.kind === 'project' || doc.workOrderId === parent.workOrder.id;
}

function fileView(doc: StoredDocument) {
	return {
		name: doc.name,
		size: doc.size,
		url: `/api/file/${doc.id}`,
		fileReference: {
			id: doc.id,
			collectionRef: COLLECTION_REF,
			fileNameOrig: doc.name,
			fileType: doc.fileType,
			fileSize: doc.size,
			createdDateTime: doc.createdDateTime,
		},
	};
}

function listEntry(doc: StoredDocument) {
	return { fileReferenceId: doc.id, name: doc.name };
}

/** Document endpoints answer access outside the company with a business error (spec: Authentication 6). */
function noAccess(what: string, id: string, field: string) {
	return businessError(
		'DocumentService.noAccess',
		`${what} '${id}' belongs to another company; documents can only be managed in your own company.`,
		field,
	);
}
