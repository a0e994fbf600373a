import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';

import type { Fail } from './fields';

/** The specification's integers for the fuel consumption unit, by name. */
export const FUEL_CONSUMPTION_UNITS: INodePropertyOptions[] = [
	{ name: 'L/hour', value: 0 },
	{ name: 'L/km', value: 1 },
	{ name: 'kWh/hour', value: 2 },
	{ name: 'kWh/km', value: 3 },
	{ name: 'Kg/hour', value: 4 },
	{ name: 'Kg/km', value: 5 },
];

/** The specification's integers for the fuel type, by name. */
export const FUEL_TYPES: INodePropertyOptions[] = [
	{ name: 'None', value: 0 },
	{ name: 'Diesel', value: 1 },
	{ name: 'Biodiesel', value: 2 },
	{ name: 'Gasoline', value: 3 },
	{ name: 'Electric', value: 4 },
	{ name: 'Gas', value: 5 },
	{ name: 'Natural Gas', value: 6 },
	{ name: 'Dyed Diesel', value: 7 },
];

export const ESG_FIELDS = ['fuelConsumptionRate', 'fuelConsumptionUnit', 'fuelType'] as const;

/**
 * Checks the ESG body: at least one field, a non-negative rate, and unit and type as one of the
 * named values. Values mapped by expressions may be the integer, its text, or the name
 * (`diesel`, `L/hour`, case-insensitive).
 */
export function normalizeEsgBody(body: IDataObject, fail: Fail): IDataObject {
	const out: IDataObject = {};
	for (const field of ESG_FIELDS) {
		const value = body[field];
		if (value === undefined || value === null || value === '') continue;
		if (field === 'fuelConsumptionRate') {
			const rate =
				typeof value === 'number'
					? value
					: typeof value === 'string'
						? Number(value.trim())
						: Number.NaN;
			if (!Number.isFinite(rate) || rate < 0) {
				fail(
					'Fuel Consumption Rate must be a number of zero or more',
					`Got ${JSON.stringify(value)} for "fuelConsumptionRate".`,
					field,
				);
			}
			out[field] = rate;
			continue;
		}
		const options = field === 'fuelConsumptionUnit' ? FUEL_CONSUMPTION_UNITS : FUEL_TYPES;
		const label = field === 'fuelConsumptionUnit' ? 'Fuel Consumption Unit' : 'Fuel Type';
		const text = String(value).trim().toLowerCase();
		const match = options.find((o) => String(o.value) === text || o.name.toLowerCase() === text);
		if (!match) {
			const allowed = options.map((o) => `${o.value} = ${o.name}`).join(', ');
			fail(
				`${label} "${String(value)}" is not one of the allowed values`,
				`Use one of ${allowed} for "${field}".`,
				field,
			);
		}
		out[field] = match.value;
	}
	if (Object.keys(out).length === 0) {
		fail(
			'No ESG field to update',
			'Add at least one of Fuel Consumption Rate, Fuel Consumption Unit or Fuel Type under "ESG Fields": the service requires at least one supported field.',
		);
	}
	return out;
}
