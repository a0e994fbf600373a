import { machineRows, machineTypeRows } from './rows/machines';
import { runCatalogue } from './runner';

runCatalogue('Machine and Machine Type', [...machineRows, ...machineTypeRows]);
