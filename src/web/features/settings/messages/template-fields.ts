import type { SettingsFields } from '@shared/schemas/settings';

/** The restaurant_config templates whose {variables} are filled with a reservation (spec point 3). */
export type TemplateMessageField =
  | 'welcomeEmailMessage'
  | 'confirmationMessage'
  | 'autoConfirmationMessage'
  | 'reminder24hMessage'
  | 'reminder2hMessage'
  | 'cancellationMessage';

/** Email subjects: one line, sent as written. */
export type TemplateSubjectField = 'welcomeEmailSubject' | 'reminder24hSubject' | 'reminder2hSubject' | 'cancellationSubject';

export type TemplateTextField = TemplateMessageField | TemplateSubjectField;

/** The switches that turn a template's sending on or off. */
export type TemplateSwitchField = Extract<
  keyof SettingsFields,
  'welcomeEmailEnabled' | 'reminder24hEnabled' | 'reminder2hEnabled'
>;

const SHORT = ['name', 'date', 'time', 'people'];

/** The variables offered for each template: the welcome email uses the long names, the other messages the short ones. */
export const TEMPLATE_VARIABLES: Record<TemplateMessageField, readonly string[]> = {
  welcomeEmailMessage: ['customerName', 'restaurantName', 'reservationDate', 'reservationTime', 'numberOfPeople'],
  confirmationMessage: SHORT,
  autoConfirmationMessage: SHORT,
  reminder24hMessage: SHORT,
  reminder2hMessage: SHORT,
  cancellationMessage: SHORT,
};

export function isSubjectField(field: TemplateTextField): field is TemplateSubjectField {
  return field.endsWith('Subject');
}
