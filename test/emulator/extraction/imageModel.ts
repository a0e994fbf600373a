import type { PictureName } from './imagePictures';
import type { RoadReference } from './roadNetwork';

/** The three parent sources, in the order the service drains them. */
export type ImageSource = 'feed' | 'alert' | 'checklist';
export const IMAGE_SOURCES: readonly ImageSource[] = ['feed', 'alert', 'checklist'];

/** collectionRef of each source's parent collection. */
export const COLLECTION_REF: Record<ImageSource, string> = {
	feed: 'FeedPosts',
	alert: 'IncidentRegistrations',
	checklist: 'ChecklistSubmissions',
};

export interface GeoPoint {
	latitude: number;
	longitude: number;
	accuracy: number | null;
}

/** A feed post, alert/incident registration or checklist submission that carries images. */
export interface ParentRecord {
	id: string;
	source: ImageSource;
	originDescription: string;
	/** Company of the user who created the record. */
	companyId: string;
	/** The project's company: the owner of the data (CompanyId filter, own/subsidiary/shared rules). */
	projectCompanyId: string;
	projectId: string;
	projectNumber: string;
	projectName: string;
	taskId: string;
	taskName: string;
	activityId: string | null;
	activityNumber: string | null;
	createdDateTime: string;
	modifiedDateTime: string;
	location: GeoPoint | null;
	/** Companies this record is shared with (for example the main contractor of a subcontractor). */
	sharedWithCompanyIds: string[];
	/** Images attached, in attachment order; one image may hang under several parents. */
	imageIds: string[];
}

/** Why an image's roadReference is what it is. */
export type RoadStatus =
	| 'pending'
	| 'noGps'
	| 'noRoadMatch'
	| 'providerUnreachable'
	| 'noPilotFlag'
	| 'matched';

export interface ImageRecord {
	/** File id in the shared file store. */
	id: string;
	fileName: string;
	fileNameOriginal: string;
	fileType: string;
	picture: PictureName;
	uploaderCompanyId: string;
	createdByUserId: string;
	createdByUserName: string;
	userSecurityLevel: number;
	createdDateTime: string;
	/** Coordinates embedded in the file, if any. */
	location: GeoPoint | null;
	/** Background enrichment: runs once, at `readyAtMs` on the emulator's clock. */
	enrichment: { readyAtMs: number; status: RoadStatus; roadReference: RoadReference | null };
}
