// SPDX-License-Identifier: BSD-2-Clause
/* Simulated SBCON I2C bus: see i2c_sim.h. */
#include "i2c_sim.h"

#include <string.h>

void i2c_sim_init(struct i2c_sim *sim)
{
	memset(sim, 0, sizeof(*sim));
	sim->t_sda = 1;
	sim->state = SIM_IDLE;
}

int i2c_sim_add_target(struct i2c_sim *sim, struct i2c_sim_target *t)
{
	if (sim->ntargets == I2C_SIM_MAX_TARGETS)
		return -1;
	sim->targets[sim->ntargets++] = t;
	return 0;
}

static int bus_sda(const struct i2c_sim *sim)
{
	return ((sim->out & I2C_SIM_SDA) ? 1 : 0) & sim->t_sda & (sim->stuck_sda == 0);
}

static int bus_scl(const struct i2c_sim *sim)
{
	return ((sim->out & I2C_SIM_SCL) ? 1 : 0) & !sim->stuck_scl;
}

static void end_transfer(struct i2c_sim *sim)
{
	if (sim->cur && sim->cur->stop)
		sim->cur->stop(sim->cur->priv);
	sim->cur = NULL;
	sim->in_transfer = false;
	sim->state = SIM_IDLE;
	sim->t_sda = 1;
}

static void on_start(struct i2c_sim *sim)
{
	if (sim->in_transfer)
		sim->repeated_starts++;
	else
		sim->starts++;
	/* A repeated START ends nothing for the target: it keeps its state
	 * (the DS1338's register pointer) and is addressed again. */
	sim->in_transfer = true;
	sim->state = SIM_RX_BITS;
	sim->bits = 0;
	sim->shift = 0;
	sim->is_addr = true;
	sim->t_sda = 1;
}

static void on_stop(struct i2c_sim *sim)
{
	sim->stops++;
	end_transfer(sim);
}

static struct i2c_sim_target *find(struct i2c_sim *sim, uint8_t addr)
{
	int i;

	for (i = 0; i < sim->ntargets; i++)
		if (sim->targets[i]->addr == addr)
			return sim->targets[i];
	return NULL;
}

/* The master's byte is complete: decide the ACK the target drives. */
static void byte_received(struct i2c_sim *sim)
{
	bool ack;

	if (sim->is_addr) {
		sim->read = sim->shift & 1;
		sim->cur = find(sim, sim->shift >> 1);
		ack = sim->cur && (!sim->cur->start || sim->cur->start(sim->cur->priv, sim->read));
		if (!ack) {
			sim->addr_nacks++;
			sim->cur = NULL;
		}
	} else {
		ack = sim->cur && sim->cur->send && sim->cur->send(sim->cur->priv, sim->shift);
		if (!ack)
			sim->data_nacks++;
	}
	sim->acked = ack;
	sim->t_sda = ack ? 0 : 1;
	sim->state = SIM_ACK_OUT;
}

static void load_tx_byte(struct i2c_sim *sim)
{
	sim->shift = sim->cur->recv ? sim->cur->recv(sim->cur->priv) : 0xff;
	sim->bits = 0;
	sim->t_sda = (sim->shift >> 7) & 1;
	sim->state = SIM_TX_BITS;
}

static void scl_rise(struct i2c_sim *sim)
{
	int sda = bus_sda(sim);

	sim->scl_rises++;
	switch (sim->state) {
	case SIM_RX_BITS:
		sim->shift = (uint8_t)((sim->shift << 1) | sda);
		sim->bits++;
		break;
	case SIM_TX_BITS:
		sim->bits++;           /* master samples now */
		break;
	case SIM_TX_ACKIN:
		sim->acked = (sda == 0);
		break;
	case SIM_ACK_OUT:
	case SIM_IDLE:
		break;
	}
}

static void scl_fall(struct i2c_sim *sim)
{
	switch (sim->state) {
	case SIM_RX_BITS:
		if (sim->bits == 8)
			byte_received(sim);
		break;
	case SIM_ACK_OUT:
		sim->t_sda = 1;
		if (!sim->acked) {
			/* Not for us, or refused: wait for the next START/STOP. */
			sim->state = SIM_IDLE;
			break;
		}
		sim->is_addr = false;
		if (sim->read) {
			load_tx_byte(sim);
		} else {
			sim->state = SIM_RX_BITS;
			sim->bits = 0;
			sim->shift = 0;
		}
		break;
	case SIM_TX_BITS:
		if (sim->bits < 8) {
			sim->t_sda = (sim->shift >> (7 - sim->bits)) & 1;
		} else {
			sim->t_sda = 1;
			sim->state = SIM_TX_ACKIN;
		}
		break;
	case SIM_TX_ACKIN:
		if (sim->acked)
			load_tx_byte(sim);
		else
			sim->state = SIM_IDLE;
		break;
	case SIM_IDLE:
		break;
	}
}

/* Apply the latch to the wires: SCL first, then SDA, as SBCON does. */
static void apply(struct i2c_sim *sim)
{
	int scl = bus_scl(sim), sda;

	if (scl != sim->scl) {
		sim->scl = scl;
		if (scl) {
			scl_rise(sim);
		} else {
			scl_fall(sim);
			if (sim->stuck_sda > 0)
				sim->stuck_sda--;
		}
	}
	sda = bus_sda(sim);
	if (sda != sim->sda) {
		sim->sda = sda;
		if (sim->scl) {
			if (sda)
				on_stop(sim);
			else
				on_start(sim);
		}
	}
	/* A fault that let go of SDA may itself make an edge; re-read. */
	sim->sda = bus_sda(sim);
	sim->sda_latch = sim->sda;
}

void i2c_sim_writel(struct i2c_sim *sim, uint32_t val, unsigned int offset)
{
	val &= I2C_SIM_SCL | I2C_SIM_SDA;
	sim->writes++;
	if (offset == 0)
		sim->out |= (uint8_t)val;
	else if (offset == 4)
		sim->out &= (uint8_t)~val;
	else
		return;
	apply(sim);
}

uint32_t i2c_sim_readl(struct i2c_sim *sim, unsigned int offset)
{
	if (offset != 0)
		return 0;
	return (uint32_t)(((sim->out & I2C_SIM_SCL) && !sim->stuck_scl) ? I2C_SIM_SCL : 0) |
	       (sim->sda_latch ? I2C_SIM_SDA : 0u);
}
