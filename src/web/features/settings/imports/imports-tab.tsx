import { ImportWizard } from './import-wizard';
import { RecentImports } from './recent-imports';

/** Configuración › Importar (issue 49): another system's guests or bookings from a file, and the latest imports. */
export function ImportsTab() {
  return (
    <div className="grid min-w-0 gap-6">
      <ImportWizard />
      <RecentImports />
    </div>
  );
}
