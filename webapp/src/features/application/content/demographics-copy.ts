// The wording of the Demographics page (design/screens.md, 6 Demographics):
// the HMDA questions as the Uniform Residential Loan Application asks them
// (URLA Section 8, Fannie Mae Form 1003 07/2021), and the federal notice
// that comes before them. The field names are #Demographics' (schemas/
// entities.cue); which boxes exist is the schema's, their words are here.

/** The notice Regulation B and Regulation C (HMDA) have lenders show before the questions, in the form's words. */
export const demographicsNotice = [
  'The purpose of collecting this information is to help ensure that all applicants are treated fairly and that the housing needs of communities and neighborhoods are being fulfilled. For residential mortgage lending, Federal law requires that we ask applicants for their demographic information (ethnicity, sex, and race) in order to monitor our compliance with equal credit opportunity, fair housing, and home mortgage disclosure laws. You are not required to provide this information, but are encouraged to do so. You may select one or more designations for “Ethnicity” and one or more designations for “Race.” The law provides that we may not discriminate on the basis of this information, or on whether you choose to provide it. However, if you choose not to provide the information and you have made this application in person, Federal regulations require us to note your ethnicity, sex, and race on the basis of visual observation or surname. The law also provides that we may not discriminate on the basis of age or marital status information you provide in this application.',
  'If you do not wish to provide some or all of this information, please check below.',
] as const;

export const declineLabel = 'I do not wish to provide this information';

/** A box with, when it is ticked, the boxes and free text of its origins. */
export type DemographicBox = {
  name: string;
  label: string;
  origins?: readonly { name: string; label: string }[];
  /** The free-text field shown with the box (a tribe) or with its "Other" origin. */
  text?: { name: string; label: string; description: string; shownWith: string };
};

export type DemographicQuestion = {
  /** The question's key: the group's message is kept under it. */
  key: 'ethnicity' | 'race' | 'sex';
  legend: string;
  description: string;
  boxes: readonly DemographicBox[];
  decline: string;
  /** Said when no box of the question is ticked. */
  unanswered: string;
};

export const ethnicity: DemographicQuestion = {
  key: 'ethnicity',
  legend: 'Ethnicity',
  description: 'Check one or more.',
  boxes: [
    {
      name: 'isHispanicOrLatino',
      label: 'Hispanic or Latino',
      origins: [
        { name: 'isMexican', label: 'Mexican' },
        { name: 'isPuertoRican', label: 'Puerto Rican' },
        { name: 'isCuban', label: 'Cuban' },
        { name: 'isOtherHispanicOrLatino', label: 'Other Hispanic or Latino' },
      ],
      text: {
        name: 'otherHispanicOrLatinoOrigin',
        label: 'Origin',
        description: 'For example, Argentinean, Colombian, Dominican, Nicaraguan, Salvadoran, Spaniard, and so on.',
        shownWith: 'isOtherHispanicOrLatino',
      },
    },
    { name: 'isNotHispanicOrLatino', label: 'Not Hispanic or Latino' },
  ],
  decline: 'wontInformEthinicity',
  unanswered: 'Choose an ethnicity, or that you do not wish to provide it.',
};

export const race: DemographicQuestion = {
  key: 'race',
  legend: 'Race',
  description: 'Check one or more.',
  boxes: [
    {
      name: 'isNativeAmerican',
      label: 'American Indian or Alaska Native',
      text: {
        name: 'nativeAmericanTribe',
        label: 'Name of enrolled or principal tribe',
        description: 'Optional.',
        shownWith: 'isNativeAmerican',
      },
    },
    {
      name: 'isAsian',
      label: 'Asian',
      origins: [
        { name: 'isAsianIndian', label: 'Asian Indian' },
        { name: 'isChinese', label: 'Chinese' },
        { name: 'isFilipino', label: 'Filipino' },
        { name: 'isJapanese', label: 'Japanese' },
        { name: 'isKorean', label: 'Korean' },
        { name: 'isVietnamese', label: 'Vietnamese' },
        { name: 'isOtherAsian', label: 'Other Asian' },
      ],
      text: {
        name: 'otherAsianOrigin',
        label: 'Race',
        description: 'For example, Hmong, Laotian, Thai, Pakistani, Cambodian, and so on.',
        shownWith: 'isOtherAsian',
      },
    },
    { name: 'isAfricanAmerican', label: 'Black or African American' },
    {
      name: 'isPacificIslander',
      label: 'Native Hawaiian or Other Pacific Islander',
      origins: [
        { name: 'isNativeHawaiian', label: 'Native Hawaiian' },
        { name: 'isGuamanianOrChamorro', label: 'Guamanian or Chamorro' },
        { name: 'isSamoan', label: 'Samoan' },
        { name: 'isOtherPacificIslander', label: 'Other Pacific Islander' },
      ],
      text: {
        name: 'otherPacificIslanderOrigin',
        label: 'Race',
        description: 'For example, Fijian, Tongan, and so on.',
        shownWith: 'isOtherPacificIslander',
      },
    },
    { name: 'isWhite', label: 'White' },
  ],
  decline: 'wontInformRace',
  unanswered: 'Choose a race, or that you do not wish to provide it.',
};

export const sex: DemographicQuestion = {
  key: 'sex',
  legend: 'Sex',
  description: 'Check one or more.',
  boxes: [
    { name: 'isFemale', label: 'Female' },
    { name: 'isMale', label: 'Male' },
  ],
  decline: 'wontInformGender',
  unanswered: 'Choose your sex, or that you do not wish to provide it.',
};

export const demographicQuestions = [ethnicity, race, sex] as const;
