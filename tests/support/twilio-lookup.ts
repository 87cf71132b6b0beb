/** Twilio Lookup v2's answer for a PH mobile with line type intelligence and caller name. */
export const twilioLookupAnswer = (number = "+639171234567") => ({
  calling_country_code: "63",
  country_code: "PH",
  phone_number: number,
  national_format: "0917 123 4567",
  valid: true,
  validation_errors: [],
  caller_name: { caller_name: "JUAN DELA CRUZ", caller_type: "CONSUMER", error_code: null },
  line_type_intelligence: { carrier_name: "Globe Telecom", type: "mobile", mobile_country_code: "515", mobile_network_code: "02", error_code: null },
  sim_swap: null,
  call_forwarding: null,
  url: `https://lookups.twilio.com/v2/PhoneNumbers/${encodeURIComponent(number)}`,
});
