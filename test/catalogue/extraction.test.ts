import { dataExtractionRows, payrollExportRows } from './rows/extraction';
import { runCatalogue } from './runner';

runCatalogue('Payroll Export and Data Extraction', [...payrollExportRows, ...dataExtractionRows]);
