import type { Emulator } from '../server';

/** A few documents on the first demo project: the default page, a named section and a work order page. */
export function seedDocuments(emulator: Emulator) {
	const { sections } = emulator.ctx;
	const project = sections.projects.all().find((p) => p.projectNumber === 'P-1001');
	if (!project) return;
	const docs = sections.documents;
	const parent = docs.parentOf('project', project.id);
	docs.store(parent, 'Documents', [
		{
			name: 'Site plan.pdf',
			mimeType: 'application/pdf',
			bytes: Buffer.from('%PDF-1.4\n% demo site plan\n%%EOF\n'),
		},
		{
			name: 'HMS-plan.docx',
			mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
			bytes: Buffer.from('PK demo docx'),
		},
	]);
	docs.store(parent, 'Permits', [
		{
			name: 'Gravetillatelse Ørneveien.pdf',
			mimeType: 'application/pdf',
			bytes: Buffer.from('%PDF-1.4\n% demo permit\n%%EOF\n'),
		},
	]);
	const workOrder = sections.workOrders
		.forProject(project.id)
		.find((w) => w.externalId === 'P-1001-1');
	if (workOrder) {
		docs.store(docs.parentOf('workOrder', workOrder.id), workOrder.externalId, [
			{
				name: 'Work description.txt',
				mimeType: 'text/plain',
				bytes: Buffer.from('Prepare the site: fences, signs, lighting.\n'),
			},
		]);
	}
}
