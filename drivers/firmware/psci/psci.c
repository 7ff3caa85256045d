// SPDX-License-Identifier: BSD-2-Clause
/*
 * PSCI, the Power State Coordination Interface: firmware (or, under QEMU's
 * virt without EL2/EL3 code, QEMU itself) that switches CPUs and the system
 * on and off when the kernel calls it.  A call is a function ID in r0,
 * arguments in r1-r3, then `hvc #0` or `smc #0` as the node's `method`
 * says; the answer comes back in r0.  The function IDs of PSCI 0.2 and
 * later are fixed by the specification (the 32-bit ones are 0x84000000 +
 * n), which is why the node of a 0.2 or 1.0 firmware lists none.  PSCI 0.1
 * (`arm,psci` alone) named its IDs in the tree and had no SYSTEM_OFF or
 * SYSTEM_RESET: not supported here.
 *
 * This driver prints the version, registers SYSTEM_RESET as a restart
 * handler and SYSTEM_OFF as a power-off handler, and offers CPU_ON to the
 * "psci" enable-method (psci_smp.c beside it) while it is bound.
 */
#include <linux/errno.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/printk.h>
#include <linux/reboot.h>
#include <linux/string.h>
#include <linux/psci.h>
#include <asm/extable.h>

#define PSCI_0_2_FN_BASE		0x84000000u
#define PSCI_0_2_FN_PSCI_VERSION	(PSCI_0_2_FN_BASE + 0x0)
#define PSCI_0_2_FN_CPU_ON		(PSCI_0_2_FN_BASE + 0x3)
#define PSCI_0_2_FN_SYSTEM_OFF		(PSCI_0_2_FN_BASE + 0x8)
#define PSCI_0_2_FN_SYSTEM_RESET	(PSCI_0_2_FN_BASE + 0x9)

#define PSCI_VERSION_MAJOR(v)		((v) >> 16)
#define PSCI_VERSION_MINOR(v)		((v) & 0xffff)

/* hvc #0 and smc #0, as words: the image is built for ARMv5, whose
 * assembler knows neither (the CPUs that have PSCI do). */
#define ARM_HVC_0			".inst 0xe1400070"
#define ARM_SMC_0			".inst 0xe1600070"

/*
 * A call returns the firmware's answer, or sets *@err to -EFAULT when
 * nobody answered: on a CPU without the Virtualization (hvc) or Security
 * (smc) Extensions, or with them but no code at EL2/EL3, the instruction
 * is undefined.  The exception table (asm/extable.h) turns that exception
 * into the error instead of a halt.
 */
typedef u32 (*psci_fn)(u32 fn, u32 arg0, u32 arg1, u32 arg2, int *err);

struct psci {
	psci_fn invoke;
	const char *method;
	struct notifier_block restart_nb;
	struct notifier_block power_off_nb;
	struct device *dev;
};

static u32 __invoke_psci_fn_hvc(u32 fn, u32 arg0, u32 arg1, u32 arg2, int *err)
{
	register u32 r0 __asm__("r0") = fn;
	register u32 r1 __asm__("r1") = arg0;
	register u32 r2 __asm__("r2") = arg1;
	register u32 r3 __asm__("r3") = arg2;
	int e = 0;

	__asm__ volatile(_ASM_GUARD(ARM_HVC_0, "%[e]")
			 : "+r"(r0), [e] "+r"(e) : "r"(r1), "r"(r2), "r"(r3) : "memory");
	*err = e;
	return r0;
}

static u32 __invoke_psci_fn_smc(u32 fn, u32 arg0, u32 arg1, u32 arg2, int *err)
{
	register u32 r0 __asm__("r0") = fn;
	register u32 r1 __asm__("r1") = arg0;
	register u32 r2 __asm__("r2") = arg1;
	register u32 r3 __asm__("r3") = arg2;
	int e = 0;

	__asm__ volatile(_ASM_GUARD(ARM_SMC_0, "%[e]")
			 : "+r"(r0), [e] "+r"(e) : "r"(r1), "r"(r2), "r"(r3) : "memory");
	*err = e;
	return r0;
}

/* The bound firmware, for CPU_ON; NULL when none. */
static struct psci *psci_fw;

static const char *const psci_ret_names[] = {
	[1] = "NOT_SUPPORTED", [2] = "INVALID_PARAMETERS", [3] = "DENIED", [4] = "ALREADY_ON",
	[5] = "ON_PENDING", [6] = "INTERNAL_FAILURE", [7] = "NOT_PRESENT", [8] = "DISABLED",
	[9] = "INVALID_ADDRESS",
};

const char *psci_ret_name(int ret)
{
	if (ret >= 0 || -ret >= (int)ARRAY_SIZE(psci_ret_names))
		return ret ? "unknown error" : "SUCCESS";
	return psci_ret_names[-ret];
}

int psci_cpu_on(u64 hwid, unsigned long entry, unsigned long context)
{
	int ret, err;

	if (!psci_fw)
		return -ENODEV;
	ret = (int)psci_fw->invoke(PSCI_0_2_FN_CPU_ON, (u32)hwid, (u32)entry, (u32)context, &err);
	return err ? -EFAULT : ret;
}

/* SYSTEM_RESET and SYSTEM_OFF do not return; if they do, PSCI refused. */
static int psci_sys_reset(struct notifier_block *nb, unsigned long action, void *data)
{
	struct psci *p = container_of(nb, struct psci, restart_nb);
	int ret, err;

	dev_notice(p->dev, "SYSTEM_RESET\n");
	ret = (int)p->invoke(PSCI_0_2_FN_SYSTEM_RESET, 0, 0, 0, &err);
	if (err)
		dev_err(p->dev, "SYSTEM_RESET: no PSCI firmware answered\n");
	else
		dev_err(p->dev, "SYSTEM_RESET returned %d\n", ret);
	return NOTIFY_DONE;
}

static int psci_sys_poweroff(struct notifier_block *nb, unsigned long action, void *data)
{
	struct psci *p = container_of(nb, struct psci, power_off_nb);
	int ret, err;

	dev_notice(p->dev, "SYSTEM_OFF\n");
	ret = (int)p->invoke(PSCI_0_2_FN_SYSTEM_OFF, 0, 0, 0, &err);
	if (err)
		dev_err(p->dev, "SYSTEM_OFF: no PSCI firmware answered\n");
	else
		dev_err(p->dev, "SYSTEM_OFF returned %d\n", ret);
	return NOTIFY_DONE;
}

/* The conduit: the node's `method`.  Return: 0, or -EINVAL. */
static int psci_set_conduit(struct device *dev, struct psci *p)
{
	if (of_property_read_string(dev->of_node, "method", &p->method))
		return dev_err_probe(dev, -EINVAL, "no \"method\" property (hvc or smc)");
	if (!strcmp(p->method, "hvc"))
		p->invoke = __invoke_psci_fn_hvc;
	else if (!strcmp(p->method, "smc"))
		p->invoke = __invoke_psci_fn_smc;
	else
		return dev_err_probe(dev, -EINVAL, "method \"%s\" is neither hvc nor smc",
				     p->method);
	return 0;
}

static int psci_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct psci *p;
	u32 ver;
	int ret;

	p = devm_kzalloc(dev, sizeof(*p), GFP_KERNEL);
	if (!p)
		return -ENOMEM;
	p->dev = dev;
	ret = psci_set_conduit(dev, p);
	if (ret)
		return ret;
	ver = p->invoke(PSCI_0_2_FN_PSCI_VERSION, 0, 0, 0, &ret);
	if (ret)
		return dev_err_probe(dev, -ENODEV, "no PSCI firmware answered (`%s #0` trapped: "
				     "nothing runs at the level it calls)", p->method);
	if (PSCI_VERSION_MAJOR(ver) == 0 && PSCI_VERSION_MINOR(ver) < 2)
		return dev_err_probe(dev, -ENODEV, "firmware says PSCI version 0x%08x: not 0.2 or later",
				     (unsigned int)ver);
	p->restart_nb = (struct notifier_block){ .notifier_call = psci_sys_reset, .priority = 129 };
	p->power_off_nb = (struct notifier_block){ .notifier_call = psci_sys_poweroff,
						   .priority = 128 };
	register_restart_handler(&p->restart_nb);
	register_power_off_handler(&p->power_off_nb);
	platform_set_drvdata(pdev, p);
	psci_fw = p;
	dev_info(dev, "PSCIv%u.%u through %s\n", (unsigned int)PSCI_VERSION_MAJOR(ver),
		 (unsigned int)PSCI_VERSION_MINOR(ver), p->method);
	return 0;
}

static int psci_remove(struct platform_device *pdev)
{
	struct psci *p = platform_get_drvdata(pdev);

	psci_fw = NULL;
	unregister_power_off_handler(&p->power_off_nb);
	return unregister_restart_handler(&p->restart_nb);
}

static const struct of_device_id psci_of_match[] = {
	{ .compatible = "arm,psci-0.2" },
	{ .compatible = "arm,psci-1.0" },
	{ }
};

static struct platform_driver psci_driver = {
	.probe = psci_probe,
	.remove = psci_remove,
	.driver = {
		.name = "psci",
		.of_match_table = psci_of_match,
	},
};
module_platform_driver(psci_driver);
