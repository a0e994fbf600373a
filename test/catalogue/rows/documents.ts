import type { INodeParameters } from 'n8n-workflow';

import { memoryItem } from '../../support/binaryItems';
import type { Fixture } from '../../support/emulatorFixture';
import { projectId } from './projects';
import { enc, MAPPED_EMPTY, refusedInPath, rl, type Row } from '../runner';

const PROJECTS = '/api/v4/integration/projects';

/** Stores a document with this name on P-1001 straight in the emulator; its id, by name. */
const stored = new Map<string, string>();
function storeDocument(fx: Fixture, name: string): string {
	const known = stored.get(name);
	if (known && fx.emulator.ctx.files.get(known)) return known;
	const docs = fx.emulator.ctx.sections.documents;
	const [doc] = docs.store(docs.parentOf('project', projectId(fx)), 'Catalogue', [
		{ name, mimeType: 'application/pdf', bytes: Buffer.from('%PDF-1.4 catalogue') },
	]);
	stored.set(name, doc.id);
	return doc.id;
}

/** A document operation's parameters on the demo project P-1001, `over` on top. */
export const onProject = (
	fx: Fixture,
	operation: string,
	over: INodeParameters = {},
): INodeParameters => ({
	resource: 'document',
	operation,
	parent: 'project',
	project: rl('id', projectId(fx)),
	...over,
});
const upload = (fx: Fixture, over: INodeParameters = {}) =>
	onProject(fx, 'upload', { binaryPropertyName: 'data', ...over });
const fileItem = (name: string) => [
	memoryItem({
		data: { name, mimeType: 'application/octet-stream', bytes: Buffer.from('catalogue bytes') },
	}),
];

/** A download of a stored document whose name is hostile: the output's file name is cleaned. */
function hostileDownload(label: string, name: string, expected: string): Row {
	return {
		resource: 'document',
		category: 'hostile file name',
		label,
		parameters: (fx) => onProject(fx, 'download', { fileReferenceId: storeDocument(fx, name) }),
		requests: (fx) => [`GET ${PROJECTS}/${projectId(fx)}/documents/${stored.get(name)} 200`],
		output: (json, _fx, result) => {
			expect(json[0].fileName).toBe(expected);
			expect(result.items[0].binary?.data.fileName).toBe(expected);
		},
	};
}

export const documentRows: Row[] = [
	{
		resource: 'document',
		category: 'missing field',
		label: 'upload: the item has no binary field of that name',
		parameters: (fx) => upload(fx, { binaryPropertyName: 'attachment' }),
		items: fileItem('plan.pdf'),
		error: { field: /attachment/, fix: /binary|field/i },
		requests: [],
	},
	{
		resource: 'document',
		category: 'missing field',
		label: 'get many: work order id mapped to an empty value',
		parameters: {
			resource: 'document',
			operation: 'getAll',
			parent: 'workOrder',
			workOrderId: MAPPED_EMPTY,
			returnAll: true,
		},
		error: { field: /^Work Order ID is empty/, fix: /Enter the generated ID of the work order/ },
		requests: [],
	},
	{
		resource: 'document',
		category: 'hostile file name',
		label: 'upload: an .html file is refused before sending',
		parameters: (fx) => upload(fx),
		items: fileItem('invoice.html'),
		error: {
			field: /Binary field "data" cannot be uploaded: "invoice\.html" is a \.html file/,
			fix: /archive \(\.zip\) or converted to PDF/,
		},
		requests: [],
	},
	{
		resource: 'document',
		category: 'hostile file name',
		label: 'upload: a double extension ending in .exe is refused',
		parameters: (fx) => upload(fx),
		items: fileItem('report.pdf.exe'),
		error: { field: /"report\.pdf\.exe" is a \.exe file/, fix: /archive \(\.zip\)/ },
		requests: [],
	},
	{
		resource: 'document',
		category: 'hostile file name',
		label: 'upload: CR, LF and quotes in a name cannot inject multipart headers',
		parameters: (fx) => upload(fx),
		items: fileItem('a"\r\nContent-Type: text/html\r\n\r\nx.pdf'),
		requests: (fx) => [`POST ${PROJECTS}/${projectId(fx)}/documents 200`],
		output: (json, fx) => {
			const parts = (
				fx.apiRequests()[0].body as {
					parts: Array<{ field: string; fileName: string; mimeType: string }>;
				}
			).parts;
			// One part, its type untouched: the CR/LF/quote were escaped inside the quoted file name.
			expect(parts).toHaveLength(1);
			expect(parts[0]).toMatchObject({
				field: 'file',
				mimeType: 'application/octet-stream',
				size: 15,
			});
			expect(parts[0].fileName).toMatch(/%0D%0A%0D%0Ax\.pdf$/);
			expect(parts[0].fileName).not.toMatch(/[\r\n"]/);
			expect(json[0]).toMatchObject({ successful: true });
		},
	},
	hostileDownload(
		'download: stored name "../../etc/passwd" keeps only the last segment',
		'../../etc/passwd',
		'passwd',
	),
	hostileDownload(
		'download: Windows path with backslashes and drive',
		'C:\\Windows\\System32\\evil.pdf',
		'evil.pdf',
	),
	hostileDownload(
		'download: absolute path, control characters and a leading dot',
		'/root/.\u0007ssh\u0000key.pdf',
		'sshkey.pdf',
	),
	hostileDownload(
		'download: a 300-character name is cut to 200, keeping the extension',
		`${'x'.repeat(296)}.pdf`,
		`${'x'.repeat(196)}.pdf`,
	),
	{
		resource: 'document',
		category: 'unknown id',
		label: 'download: unknown file reference',
		parameters: (fx) => onProject(fx, 'download', { fileReferenceId: 'no-such-file' }),
		error: {
			field: /Downloading document "no-such-file" failed \(HTTP 404\): fileReferenceId/,
			fix: /Either the document or the project does not exist\. File Reference ID takes fileReference\.id from Upload/,
		},
		requests: (fx) => [`GET ${PROJECTS}/${projectId(fx)}/documents/no-such-file 404`],
	},
	{
		resource: 'document',
		category: 'unknown id',
		label: 'get many: unknown work order',
		parameters: {
			resource: 'document',
			operation: 'getAll',
			parent: 'workOrder',
			workOrderId: 'no-such-task',
			returnAll: true,
		},
		error: {
			field:
				/^No work order with ID "no-such-task" \(HTTP 404\): id: Work order 'no-such-task' was not found/,
			fix: /Work Order ID takes the generated ID returned when the work order was created/,
		},
		requests: ['GET /api/v4/integration/tasks/no-such-task/documents 404'],
	},
	{
		resource: 'document',
		category: 'odd id',
		label: 'delete: file reference with / ? # stays one encoded segment',
		parameters: (fx) => onProject(fx, 'delete', { fileReferenceId: '../x?y#z' }),
		error: {
			field:
				/^No document "\.\.\/x\?y#z" found under project ID ".*" \(HTTP 404\): fileReferenceId: Document '\.\.\/x\?y#z' was not found/,
			fix: /Either the document or the project does not exist/,
		},
		requests: (fx) => [`DELETE ${PROJECTS}/${projectId(fx)}/documents/${enc('../x?y#z')} 404`],
	},
	refusedInPath(
		{
			resource: 'document',
			label: 'download: file reference ".." is refused',
			parameters: (fx) => onProject(fx, 'download', { fileReferenceId: '..' }),
		},
		'File Reference ID',
		'..',
		'File Reference ID',
	),
	{
		resource: 'document',
		category: 'out of range',
		label: 'get many: limit 0',
		parameters: (fx) => onProject(fx, 'getAll', { returnAll: false, limit: 0 }),
		error: { field: /^Limit must be a whole number of 1 or more/, fix: /turn on Return All/ },
		requests: [],
	},
];

const file = (value: string, over: INodeParameters = {}): INodeParameters => ({
	resource: 'file',
	operation: 'download',
	file: value,
	...over,
});
const REFUSED = {
	field: /^File URL is not a file of the configured Integration API/,
	fix: /Use the image row's downloadUrl\/mediumUrl or the file ID/,
};
const foreign = (label: string, url: (fx: Fixture) => string): Row => ({
	resource: 'file',
	category: 'foreign URL',
	label,
	parameters: (fx) => file(url(fx)),
	error: REFUSED,
	requests: [],
});

export const fileRows: Row[] = [
	{
		resource: 'file',
		category: 'missing field',
		label: 'download: file mapped to an empty value',
		parameters: file(MAPPED_EMPTY),
		error: { field: /^File is empty/, fix: /Enter a file ID, or a URL/ },
		requests: [],
	},
	foreign('download: a URL on another host', () => 'https://files.evil.example/api/file/abc'),
	foreign(
		'download: the same host on another port',
		(fx) =>
			`${new URL(fx.emulator.urls.integration).protocol}//${new URL(fx.emulator.urls.integration).hostname}:1/core/api/file/abc`,
	),
	foreign(
		'download: the right origin but another API path',
		(fx) => `${fx.emulator.urls.integration}/api/v4/integration/users`,
	),
	foreign(
		'download: a path climbing out with ../',
		(fx) => `${fx.emulator.urls.integration}/api/file/../../reporting/v1/images`,
	),
	foreign(
		'download: credentials in the URL',
		(fx) => fx.emulator.urls.integration.replace('://', '://user:pw@') + '/api/file/abc',
	),
	foreign('download: a protocol-relative URL', () => '//evil.example/api/file/abc'),
	foreign('download: a UNC path with backslashes', () => '\\\\evil.example\\share\\api\\file\\abc'),
	foreign('download: a javascript: URL', () => 'javascript:alert(1)'),
	{
		resource: 'file',
		category: 'odd id',
		label: 'download: a bare id with space, ? and # stays one encoded segment',
		parameters: file('a b?c#d'),
		error: {
			field: /fileId: File 'a b\?c#d' was not found/,
			fix: /No file with ID "a b\?c#d" in your company\. File takes a file's URL/,
		},
		requests: [`GET /api/file/${enc('a b?c#d')} 404`],
	},
	{
		resource: 'file',
		category: 'unknown id',
		label: 'download: unknown file id',
		parameters: file('no-such-file'),
		error: {
			field: /Downloading file "no-such-file" failed \(HTTP 404\): fileId/,
			fix: /No file with ID "no-such-file" in your company/,
		},
		requests: ['GET /api/file/no-such-file 404'],
	},
	{
		resource: 'file',
		category: 'out of range',
		label: 'download: MaxDimension 0 in the URL',
		parameters: (fx) =>
			file(
				`${fx.emulator.urls.integration}/api/file/${storeDocument(fx, 'plan.pdf')}?MaxDimension=0`,
			),
		error: {
			field: /MaxDimension: 'MaxDimension' must be a whole number of pixels between 1 and 10000/,
			fix: /Correct the field\(s\) named above/,
		},
		requests: () => [`GET /api/file/${stored.get('plan.pdf')} 400`],
	},
	{
		resource: 'file',
		category: 'foreign URL',
		label: 'download: a URL under the configured base is accepted, its id encoded',
		parameters: (fx) =>
			file(
				`${fx.emulator.urls.integration}/api/file/${enc(storeDocument(fx, 'plan.pdf'))}?MaxDimension=640`,
			),
		requests: () => [`GET /api/file/${stored.get('plan.pdf')} 200`],
		output: (json, fx) => {
			expect(json[0]).toMatchObject({
				fileId: stored.get('plan.pdf'),
				maxDimension: 640,
				fileName: 'plan.pdf',
			});
			expect(fx.apiRequests()[0].search).toBe('MaxDimension=640');
		},
	},
];
