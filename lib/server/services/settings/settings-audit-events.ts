/* The admin's changes to settings, one event per changed key, with the value before and after. */
type SettingValue = number | boolean;

declare module "@/lib/domain/audit-events" {
  interface AuditEventDefinitions {
    "setting.changed": {
      subjectType: "setting";
      payload: { key: string; oldValue: SettingValue; newValue: SettingValue };
    };
  }
}

export {};
