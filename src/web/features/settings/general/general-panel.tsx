import { staffMessages } from '@shared/staff-messages';
import type { AdminSettings } from '@shared/schemas/settings';
import { Card, CardContent } from '@web/components/ui/card';
import { BrandColorField } from './general-brand-color';
import { LogoField } from './logo-field';
import { SettingField } from '../fields/setting-field';
import { WithAdminSettings } from '../fields/setting-field-query';

const text = staffMessages.admin.settings.general;

/** Configuración › General: what the guests see of the restaurant, each field saved once typing stops. */
export function GeneralPanel() {
  return <WithAdminSettings>{(settings) => <GeneralFields settings={settings} />}</WithAdminSettings>;
}

function GeneralFields({ settings }: { settings: AdminSettings }) {
  return (
    <Card>
      <CardContent className="grid gap-5 pt-4 sm:pt-6 md:grid-cols-2">
        <SettingField settings={settings} field="name" label={text.name} autoComplete="organization" />
        <BrandColorField settings={settings} />
        <SettingField settings={settings} field="welcomeMessage" label={text.welcomeMessage} multiline />
        <SettingField settings={settings} field="confirmationMessage" label={text.confirmationMessage} multiline />
        <SettingField settings={settings} field="contactPhone1" label={text.contactPhone1} type="tel" />
        <SettingField settings={settings} field="contactPhone2" label={text.contactPhone2} type="tel" />
        <SettingField
          settings={settings}
          field="address"
          label={text.address}
          autoComplete="street-address"
          className="md:col-span-2"
        >
          {() => <p className="text-xs text-muted-foreground">{text.addressHelp}</p>}
        </SettingField>
        <div className="md:col-span-2">
          <LogoField logoUrl={settings.logoUrl} />
        </div>
      </CardContent>
    </Card>
  );
}
