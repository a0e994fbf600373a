import type { Clock } from './clock';
import { newId } from './ids';

/** A stored file: document uploads and the images behind extraction rows share this store. */
export interface StoredFile {
	id: string;
	companyId: string;
	fileName: string;
	contentType: string;
	bytes: Buffer;
	createdDateTime: string;
	/** Companies outside the owner's structure that may read it too (image extraction's shared data). */
	isSharedWith?: (companyId: string) => boolean;
}

/** Files by id, served by GET {base_url}/api/file/{id}. */
export class FileStore {
	private readonly files = new Map<string, StoredFile>();

	constructor(private readonly clock: Clock) {}

	put(
		file: Omit<StoredFile, 'id' | 'createdDateTime'> &
			Partial<Pick<StoredFile, 'id' | 'createdDateTime'>>,
	): StoredFile {
		const stored: StoredFile = {
			id: file.id ?? newId(),
			createdDateTime: file.createdDateTime ?? this.clock.nowIso(),
			...file,
		} as StoredFile;
		this.files.set(stored.id, stored);
		return stored;
	}

	get(id: string): StoredFile | undefined {
		return this.files.get(id);
	}

	delete(id: string): boolean {
		return this.files.delete(id);
	}
}
