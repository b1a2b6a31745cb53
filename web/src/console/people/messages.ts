import { defineCatalogue } from '../catalogue.ts';

/** Shared by the company and employee forms: the service's validation reasons in words. */
export const peopleMessages = defineCatalogue(
  {
    'reason.required': 'This is required.',
    'reason.empty': 'Fill in this field.',
    'reason.email': 'Enter a valid email address, like name@example.com.',
    'reason.phone': 'Enter a valid phone number, like (212) 555-0101.',
    'reason.format': 'This is not in the expected format.',
    'reason.tooLong': 'Use at most {limit} characters.',
    'reason.tooShort': 'Use at least {limit} characters.',
    'reason.min': 'Enter {limit} or more.',
    'reason.number': 'Enter a number.',
    'reason.other': 'Check this value ({reason}).',
    'dialog.close': 'Close',
    'form.required': 'required',
  },
  {
    'reason.required': 'Este campo es obligatorio.',
    'reason.empty': 'Complete este campo.',
    'reason.email': 'Escriba un correo electrónico válido, como nombre@ejemplo.com.',
    'reason.phone': 'Escriba un número de teléfono válido, como (212) 555-0101.',
    'reason.format': 'El formato no es el esperado.',
    'reason.tooLong': 'Use como máximo {limit} caracteres.',
    'reason.tooShort': 'Use al menos {limit} caracteres.',
    'reason.min': 'Escriba {limit} o más.',
    'reason.number': 'Escriba un número.',
    'reason.other': 'Revise este valor ({reason}).',
    'dialog.close': 'Cerrar',
    'form.required': 'obligatorio',
  },
);

/** The company filter above the employee list and the people on the clock. */
export const companyFilterMessages = defineCatalogue(
  {
    label: 'Company',
    all: 'All companies',
    inactive: '{name} (inactive)',
  },
  {
    label: 'Empresa',
    all: 'Todas las empresas',
    inactive: '{name} (inactiva)',
  },
);
