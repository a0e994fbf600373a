import { PNG } from 'pngjs';

import { IMAGE_DEMO } from '../emulator/seed/images';
import { ImagesClient, rowKey } from '../support/images-client';
import { DEMO, useEmulator } from '../support/emulator-fixture';

describe('Emulator: GET {reporting_url}/v1/images', () => {
	const fx = useEmulator();
	const api = new ImagesClient(() => fx.emulator);

	it('answers the envelope with every field of the image row', async () => {
		const { status, body } = await api.page({ ChunkLimit: '3' });
		expect(status).toBe(200);
		console.log(JSON.stringify(body, null, 1).slice(0, 3000));
	});
});
