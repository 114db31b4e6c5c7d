import { settingsMessages } from '@shared/staff-messages/settings';
import type { AdminSettings } from '@shared/schemas/settings';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmbedCard } from './embed-card';
import { BrandColorField } from './general-brand-color';
import { LogoField } from './logo-field';
import { SettingField } from '../fields/setting-field';
import { WithAdminSettings } from '../fields/setting-field-query';

const text = settingsMessages.general;

/** Configuración › General: what the guests see of the restaurant, each field saved once typing stops. */
export function GeneralPanel() {
  return <WithAdminSettings>{(settings) => <GeneralFields settings={settings} />}</WithAdminSettings>;
}

function GeneralFields({ settings }: { settings: AdminSettings }) {
  return (
    <div className="grid gap-6">
      <IdentityCard settings={settings} />
      <EmbedCard />
      <LegalCard settings={settings} />
    </div>
  );
}

function IdentityCard({ settings }: { settings: AdminSettings }) {
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

/** Datos legales (issue 20): the owner named in the legal documents, which the server makes from these at once. */
function LegalCard({ settings }: { settings: AdminSettings }) {
  return (
    <Card id="datos-legales">
      <CardHeader>
        <CardTitle>{text.legalTitle}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5 md:grid-cols-2">
        <p className="text-sm text-muted-foreground md:col-span-2">
          {text.legalIntro}{' '}
          <a href="/aviso-legal.pdf" target="_blank" rel="noopener noreferrer" className="font-medium text-primary underline">
            {text.legalDocuments}
          </a>
        </p>
        <SettingField settings={settings} field="legalName" label={text.legalName} autoComplete="organization" />
        <SettingField settings={settings} field="legalNif" label={text.legalNif} />
        <SettingField settings={settings} field="legalAddress" label={text.legalAddress} autoComplete="street-address" />
        <SettingField settings={settings} field="legalEmail" label={text.legalEmail} type="email" autoComplete="email" />
      </CardContent>
    </Card>
  );
}
