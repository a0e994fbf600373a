import { COLLECTION_REF, type GeoPoint, type ImageRecord, type ParentRecord } from './imageModel';
import { pictureBytes } from './imagePictures';
import type { RoadReference } from './roadNetwork';

/** MaxDimension of the three resized variants the URL fields point at. */
export const VARIANT_SIZES = { thumbnailUrl: 128, mediumUrl: 640, largeUrl: 1980 } as const;

/** One row of GET /v1/images: every field of the specification's Image row table. */
export interface ImageRow {
	id: string;
	fileName: string;
	fileNameOriginal: string;
	fileType: string;
	fileSize: number;
	downloadUrl: string;
	thumbnailUrl: string;
	mediumUrl: string;
	largeUrl: string;
	source: string;
	originDescription: string;
	collectionRef: string;
	idRef: string;
	companyId: string;
	projectCompanyId: string;
	projectId: string;
	projectNumber: string;
	projectName: string;
	taskId: string;
	taskName: string;
	activityId: string | null;
	activityNumber: string | null;
	createdByUserId: string;
	createdByUserName: string;
	createdDateTime: string;
	parentModifiedDateTime: string;
	latitude: number | null;
	longitude: number | null;
	accuracy: number | null;
	roadReference: RoadReference | null;
	userSecurityLevel: number;
}

/**
 * The row of one image under one parent. `fileBase` is the absolute integration base
 * ({base_url}) the URL fields point into. Location falls back to the parent's when the file
 * carries no coordinates.
 */
export function imageRow(
	image: ImageRecord,
	parent: ParentRecord,
	fileBase: string,
	roadReference: RoadReference | null,
): ImageRow {
	const download = `${fileBase}/api/file/${encodeURIComponent(image.id)}`;
	const location: GeoPoint | null = image.location ?? parent.location;
	return {
		id: image.id,
		fileName: image.fileName,
		fileNameOriginal: image.fileNameOriginal,
		fileType: image.fileType,
		fileSize: pictureBytes(image.picture).length,
		downloadUrl: download,
		thumbnailUrl: `${download}?MaxDimension=${VARIANT_SIZES.thumbnailUrl}`,
		mediumUrl: `${download}?MaxDimension=${VARIANT_SIZES.mediumUrl}`,
		largeUrl: `${download}?MaxDimension=${VARIANT_SIZES.largeUrl}`,
		source: parent.source,
		originDescription: parent.originDescription,
		collectionRef: COLLECTION_REF[parent.source],
		idRef: parent.id,
		companyId: image.uploaderCompanyId,
		projectCompanyId: parent.projectCompanyId,
		projectId: parent.projectId,
		projectNumber: parent.projectNumber,
		projectName: parent.projectName,
		taskId: parent.taskId,
		taskName: parent.taskName,
		activityId: parent.activityId,
		activityNumber: parent.activityNumber,
		createdByUserId: image.createdByUserId,
		createdByUserName: image.createdByUserName,
		createdDateTime: image.createdDateTime,
		parentModifiedDateTime: parent.modifiedDateTime,
		latitude: location?.latitude ?? null,
		longitude: location?.longitude ?? null,
		accuracy: location?.accuracy ?? null,
		roadReference,
		userSecurityLevel: image.userSecurityLevel,
	};
}
