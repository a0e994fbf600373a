import { projectRows, workOrderRows } from './rows/projects';
import { runCatalogue } from './runner';

runCatalogue('Project and Work Order', [...projectRows, ...workOrderRows]);
