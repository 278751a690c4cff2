/**
 * Every selector the suite uses, in one place. The extension's own elements carry data-testid attributes
 * (pkg/harvester-cloud-ui); the shell's are its data-testids where it has them, else its stable class names.
 * None depends on the page's language.
 */
const tid = (id: string) => `[data-testid="${ id }"]`;

/** A shell LabeledInput: the test id sits on the <input> itself; Password and others wrap one. */
export const inputOf = (id: string) => `input${ tid(id) }, ${ tid(id) } input`;

export const SEL = {
  login: {
    username: inputOf('local-login-username'),
    password: inputOf('local-login-password'),
    submit:   tid('login-submit'),
  },

  /** The shell's create/edit page (CruResource) and its parts. */
  cru: {
    form:         tid('cru-form'),
    save:         tid('form-save'),
    errorBanners: '#cru-errors .banner.error',
    subtype:      (id: string) => tid(`subtype-banner-item-${ id }`),
    name:         `input${ tid('NameNsDescriptionNameInput') }`,
    tabButton:    (name: string) => tid(`btn-${ name }`),
  },

  /** The Service page's port rows (shell ServicePorts). */
  ports: {
    name:   '.ports-row .port-name input',
    port:   '.ports-row .port input',
    target: '.ports-row .target-port input',
  },

  /** Lists (shell SortableTable) and the menus of their rows and of detail pages. */
  table: {
    headerCells: 'table.sortable-table thead th',
    rows:        'table.sortable-table tbody tr.main-row',
    createBtn:   tid('masthead-create'),
    rowActions:  '[data-testid$="-action-button"]',
  },
  detailActions: tid('masthead-action-menu'),
  openMenu:      '[role="menu"]',

  /** The dashboard's preferences page. */
  prefs: { language: tid('prefs__languageSelector') },

  /** vue-select dropdowns of LabeledSelect, appended to <body>. */
  dropdown: { options: 'ul.vs__dropdown-menu li.vs__dropdown-option' },

  /** The Add-on Config tab (pkg/harvester-cloud-ui/addOnConfig). */
  lb: {
    root:         tid('harvester-lb-config'),
    sourceOption: (value: 'pool' | 'dhcp' | 'share') => `${ tid('lb-source') } label.radio-container:has(input[value="${ value }"])`,
    sourceInput:  (value: 'pool' | 'dhcp' | 'share') => `${ tid('lb-source') } input[value="${ value }"]`,
    sourceLocked: tid('lb-source-locked'),
    primary:      tid('lb-primary'),
    primaryError: tid('lb-primary-error'),
    network:      tid('lb-network'),
    networkInput: inputOf('lb-network'),
    networkError: tid('lb-network-error'),
    malformed:    tid('lb-network-malformed'),
    hostStatus:   tid('lb-pending'),
    hostAddress:  tid('lb-pending-address'),
    hostReasons:  `${ tid('lb-pending') } ${ tid('lb-pending-reason') }`,
    /** Controls of the tab a user could still change (for the read-only checks). */
    editable:     [
      'input:not([disabled]):not([readonly]):not([type="radio"]):not([type="checkbox"])',
      '[role="radio"][aria-disabled="false"]',
      '[role="checkbox"][aria-disabled="false"]',
    ].map((c) => `${ tid('harvester-lb-config') } ${ c }`).join(', '),
  },

  /** The health-check editor inside the tab. */
  hc: {
    support: tid('hc-support'),
    enabled: `${ tid('hc-enabled') } .checkbox-custom`,
    port:    tid('hc-port'),
    number:  (field: HcNumberField) => inputOf(`hc-${ field }`),
    error:   (field: HcNumberField | 'port') => tid(`hc-${ field }-error`),
  },

  /** The Harvester provisioner form of the StorageClass page (pkg/harvester-cloud-ui/storageClass). */
  storage: {
    root:        '.harvester-provisioner',
    hostClass:   tid('harvester-storage-host-class'),
    error:       tid('harvester-storage-error'),
    rbac:        tid('harvester-storage-rbac'),
    rwx:         tid('harvester-storage-rwx'),
    rwxSupport:  tid('harvester-storage-rwx-support'),
    /** The shell's provisioner picker (its label is not translated). */
    provisioner: '.labeled-select:has(> .labeled-container label:text-is("Provisioner"))',
  },

  /** The VolumeSnapshotClass page (pkg/harvester-cloud-ui/snapshotclass). */
  snapshotClass: {
    root:     '.snapshot-class-edit',
    name:     `${ tid('snapshot-class-name') } input`,
    type:     (value: string) => `${ tid('snapshot-class-type') } .radio-container:has(input[value="${ value }"]) .radio-custom`,
    policy:   (value: string) => `${ tid('snapshot-class-policy') } .radio-container:has(input[value="${ value }"]) .radio-custom`,
    addParam: `${ tid('snapshot-class-parameters') } ${ tid('parameter-add') }`,
    params:   `${ tid('snapshot-class-parameters') } ${ tid('parameter-row') } input`,
    error:    `.snapshot-class-edit ${ tid('field-error') }`,
    warning:  `.snapshot-class-edit ${ tid('field-warning') }`,
    failure:  tid('snapshot-class-failure'),
    save:     tid('snapshot-class-save'),
  },

  /** The Topology page and card (pkg/harvester-cloud-ui/topology). */
  topology: {
    root:        '.harvester-topology',
    summary:     tid('topology-summary'),
    region:      tid('topology-region'),
    zone:        tid('topology-zone'),
    unlabelled:  tid('topology-unlabelled'),
    drift:       tid('topology-drift'),
    status:      (node: string) => tid(`topology-status-${ node }`),
    resync:      tid('topology-resync-command'),
    notHarvest:  tid('topology-not-harvester'),
    hostProblem: tid('topology-host-problem'),
    filter:      `${ tid('topology-filter') } input`,
    matches:     tid('topology-filter-matches'),
    card:        tid('topology-card'),
    mapButton:   tid('topology-view-map'),
    map:         tid('topology-map'),
    mapZone:     `${ tid('topology-map') } [data-zone]`,
    mapArrow:    `${ tid('topology-map') } .drift-arrow`,
  },

  /** The extension's parts, for the language and accessibility checks. */
  overview: {
    root:       tid('harvester-overview'),
    card:       tid('overview-card'),
    problems:   tid('overview-problems'),
    component:  (c: 'cloudProvider' | 'csiDriver') => tid(`overview-component-${ c }`),
    nad:        tid('overview-nad'),
    rbacYaml:   tid('overview-rbac-yaml'),
    lbCounts:   tid('overview-lb-counts'),
    pendingRow: (ref: string) => `${ tid('overview-pending') } tbody tr:has-text("${ ref }")`,
    setupLink:  `${ tid('overview-setup') } a`,
  },
  setup: {
    root:           tid('harvester-setup'),
    namespace:      inputOf('setup-namespace'),
    serviceAccount: inputOf('setup-service-account'),
    fieldError:     `${ tid('setup-form') } ${ tid('field-error') }`,
    generate:       tid('setup-generate'),
    credential:     tid('setup-credential'),
    reveal:         tid('setup-reveal'),
    kubeconfig:     tid('setup-kubeconfig'),
    plan:           tid('setup-plan'),
    planCharts:     tid('setup-plan-charts'),
    k3sConfig:      tid('setup-plan-config-k3s'),
    helmCharts:     tid('setup-plan-helmCharts'),
    apply:          tid('setup-apply-button'),
    result:         (step: 'secret' | 'charts' | 'hostRbac' | 'helm') => tid(`setup-result-${ step }`),
    back:           tid('setup-back'),
  },
  extensionRoots: [
    tid('harvester-lb-config'), '.harvester-provisioner', '.harvester-topology', tid('topology-card'), tid('harvester-overview'), tid('overview-card'),
    tid('harvester-setup'),
  ],
} as const;

export type HcNumberField = 'successThreshold' | 'failureThreshold' | 'periodSeconds' | 'timeoutSeconds';
