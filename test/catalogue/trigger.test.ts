import { triggerRows } from './rows/trigger';
import { runCatalogue } from './runner';

runCatalogue('Workforce Trigger', triggerRows);
