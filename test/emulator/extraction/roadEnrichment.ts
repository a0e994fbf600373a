import type { ImageRecord } from './imageModel';
import { matchRoad } from './roadNetwork';

/**
 * Background road-reference enrichment of uploaded images. It runs once per image, a short
 * time after the upload (`delayMs` on the emulator's clock), and is evaluated lazily when the
 * image is next read. roadReference stays null when the image has no GPS, no road matches,
 * the provider was unreachable when the enrichment ran, or the uploader's company lacks the
 * pilot flag; it is null (status `pending`) until the enrichment has run.
 */
export class RoadEnrichment {
	/** Whether the road-data provider answers; tests switch it off to simulate an outage. */
	providerReachable = true;
	/** Companies with the road-reference pilot flag. */
	readonly pilotCompanies = new Set<string>();
	/** How long after upload the enrichment runs ("normally within seconds"). */
	delayMs = 2000;

	schedule(image: ImageRecord, uploadedAtMs: number) {
		image.enrichment = {
			readyAtMs: uploadedAtMs + this.delayMs,
			status: 'pending',
			roadReference: null,
		};
	}

	/** Runs the enrichment when it is due; returns the image's current roadReference. */
	current(image: ImageRecord, nowMs: number) {
		const state = image.enrichment;
		if (state.status === 'pending' && nowMs >= state.readyAtMs) this.run(image);
		return state.roadReference;
	}

	/** The enrichment itself, against the provider's and the pilot flag's state right now. */
	run(image: ImageRecord) {
		const state = image.enrichment;
		state.roadReference = null;
		if (!image.location) state.status = 'noGps';
		else if (!this.pilotCompanies.has(image.uploaderCompanyId)) state.status = 'noPilotFlag';
		else if (!this.providerReachable) state.status = 'providerUnreachable';
		else {
			const match = matchRoad(image.location.latitude, image.location.longitude);
			state.status = match ? 'matched' : 'noRoadMatch';
			state.roadReference = match ?? null;
		}
	}
}
